import { style } from '@vanilla-extract/css';

/**
 * The offline notice and the update offer: a bar held at the bottom of the screen that keeps
 * its own room at the page's end (sticky, last in the page), so that nothing, the footer's
 * links included, stays hidden behind it.
 */
export const bar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 900,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '1rem',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '0.5rem 1rem',
  background: '#1f2937',
  color: '#fff',
  fontWeight: 600,
  overflowWrap: 'anywhere',
});

import { style } from '@vanilla-extract/css';

/** The offline notice and the update offer: a bar at the bottom of the screen. */
export const bar = style({
  position: 'fixed',
  insetInline: 0,
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

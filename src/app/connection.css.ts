import { globalStyle, style } from '@vanilla-extract/css';

/** The height of the bar while it shows (set by src/app/app.tsx), so that the page keeps room for it. */
export const BAR_HEIGHT = '--connection-bar';

/**
 * The page ends the bar's height lower: what would sit under the bar (the end of a list, the
 * footer's links) scrolls up above it, and nothing stays hidden behind it.
 */
globalStyle('body', { paddingBottom: `var(${BAR_HEIGHT}, 0px)` });

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

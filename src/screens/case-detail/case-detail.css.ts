import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css.ts';

export const close = style({
  position: 'absolute',
  top: vars.space.s,
  right: vars.space.s,
  font: 'inherit',
  fontSize: '1.5rem',
  width: '2.75rem',
  height: '2.75rem',
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
});
export const stars = style({ border: 0, padding: 0, margin: 0, display: 'flex', gap: vars.space.xs });
export const star = style({
  fontSize: '2.25rem',
  color: '#b9c0cb',
  cursor: 'pointer',
  lineHeight: 1,
  padding: vars.space.xs,
  selectors: { '&[data-on]': { color: '#c98a00' }, '&:focus-within': { outline: `3px solid ${vars.color.focus}` } },
});
export const timeline = style({
  listStyle: 'none',
  padding: 0,
  borderLeft: `3px solid ${vars.color.brand}`,
  marginLeft: vars.space.s,
});
globalStyle(`${timeline} > li`, { padding: `0 0 ${vars.space.m} ${vars.space.m}` });
export const back = style({ display: 'inline-flex', alignItems: 'center', minHeight: '2.75rem', gap: vars.space.xs });
/** What the customer or the bureau wrote, quoted: wraps inside its box whatever its length. */
export const quote = style({
  margin: `${vars.space.s} 0`,
  padding: `${vars.space.s} ${vars.space.m}`,
  borderLeft: `3px solid ${vars.color.border}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const callout = style({
  border: `2px solid ${vars.color.red}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  marginBottom: vars.space.m,
  overflowWrap: 'anywhere',
});
/** The steps and the rating offered, right under what the bureau said. */
export const offers = style({ marginTop: 0 });
/** The appointment, near the top: in the brand's colour, not the red of what asks for action. */
export const appointment = style([callout, { borderColor: vars.color.brand }]);
export const appointmentHeading = style({ marginTop: 0, fontSize: '1.15rem' });

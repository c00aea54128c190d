import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const skip = style({
  position: 'absolute',
  left: '-999px',
  selectors: {
    '&:focus': {
      left: vars.space.m,
      top: vars.space.m,
      background: vars.color.surface,
      padding: vars.space.s,
      zIndex: 2000,
    },
  },
});
export const header = style({ background: vars.color.surface, borderBottom: '1px solid #d7dce3' });
export const headerInner = style({
  maxWidth: '60rem',
  margin: '0 auto',
  padding: `${vars.space.s} ${vars.space.m}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  flexWrap: 'wrap',
});
export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  textDecoration: 'none',
  color: vars.color.text,
  flex: '1 1 auto',
  minWidth: 0,
});
export const logo = style({ width: '2.5rem', height: '2.5rem', flex: 'none' });
export const brandText = style({ display: 'flex', flexDirection: 'column', lineHeight: 1.2 });
export const brandName = style({ fontWeight: 700 });
export const brandSub = style({ color: vars.color.muted, fontSize: vars.size.small });
export const langSelect = style({
  font: 'inherit',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.s}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius,
});
export const bar = style({ background: vars.color.bar, color: vars.color.onBrand });
export const barInner = style({
  maxWidth: '60rem',
  margin: '0 auto',
  padding: `0 ${vars.space.m}`,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.s,
});
/** A button outlined on the brand's bar: the public menu's and the dashboard drawer's. */
export const outlineOnBrand = style({
  font: 'inherit',
  color: vars.color.onBrand,
  background: 'transparent',
  border: `2px solid ${vars.color.onBrand}`,
  borderRadius: vars.radius,
  minHeight: '2.75rem',
  padding: `0 ${vars.space.m}`,
});
export const menuButton = style([
  outlineOnBrand,
  { margin: `${vars.space.s} 0`, '@media': { 'screen and (min-width: 48rem)': { display: 'none' } } },
]);
export const barLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  flex: '1 1 auto',
  '@media': {
    'screen and (max-width: 47.99rem)': { flexDirection: 'column', width: '100%', paddingBottom: vars.space.s },
  },
});
export const barLinksClosed = style({ '@media': { 'screen and (max-width: 47.99rem)': { display: 'none' } } });
export const barLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.s}`,
  color: vars.color.onBrand,
  textDecoration: 'none',
  fontWeight: 600,
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const barButton = style([
  barLink,
  { border: `2px solid ${vars.color.onBrand}`, borderRadius: vars.radius, maxWidth: '100%' },
]);
/** The customer's first name beside 'My dashboard': one line, cut with an ellipsis. */
export const barName = style({
  marginInlineStart: vars.space.s,
  fontWeight: 400,
  maxWidth: '10em',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const footer = style({
  background: vars.color.brandDark,
  color: vars.color.onBrand,
  textAlign: 'center',
  padding: vars.space.l,
  marginTop: vars.space.xl,
});
export const main = style({ minHeight: '60vh' });
export const footerLine = style({ margin: `${vars.space.xs} 0` });
export const footerLink = style({ color: vars.color.onBrand, textDecoration: 'underline' });

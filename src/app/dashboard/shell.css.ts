import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css.ts';
import { outlineOnBrand } from '../layout.css.ts';

export const frame = style({
  display: 'grid',
  gridTemplateColumns: '15rem 1fr',
  minHeight: '100vh',
  '@media': { 'screen and (max-width: 47.99rem)': { gridTemplateColumns: '1fr' } },
});
export const sidebar = style({
  background: vars.color.brandDark,
  color: vars.color.onBrand,
  padding: vars.space.m,
  '@media': { 'screen and (max-width: 47.99rem)': { display: 'none' } },
});
export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.s}`,
  borderRadius: vars.radius,
  color: vars.color.onBrand,
  textDecoration: 'none',
  fontWeight: 600,
  width: '100%',
  background: 'transparent',
  border: 0,
  font: 'inherit',
  cursor: 'pointer',
  textAlign: 'start',
  selectors: { '&:hover, &[aria-current="page"]': { background: vars.color.bar } },
});
export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.m,
  flexWrap: 'wrap',
  padding: `${vars.space.s} ${vars.space.m}`,
  background: vars.color.surface,
  borderBottom: '1px solid #d7dce3',
});
export const headerTitle = style({
  flex: '1 1 12rem',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  lineHeight: 1.3,
});
/**
 * A name on one line, as the header's design has it: cut with an ellipsis at the box's edge
 * (a 49-letter name written without a space must not widen the page); the whole name is in
 * the text for screen readers, in the title on pointing, and on the profile page.
 */
export const oneLine = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
/** A line that holds its height while its text loads. */
export const line = style({ minHeight: '1.3em' });
/** At least a screen high: the footer starts below the fold, so that a screen's content arriving does not move it in view. */
export const main = style({ minHeight: '100vh' });
export const muted = style({ color: vars.color.muted, fontSize: vars.size.small });
export const user = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.s,
  flex: '1 1 12rem',
  minWidth: 0,
  maxWidth: '100%',
});
export const menuButton = style({
  font: 'inherit',
  minHeight: '2.75rem',
  padding: `0 ${vars.space.m}`,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 600,
  '@media': { 'screen and (min-width: 48rem)': { display: 'none' } },
});
export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.45)' });
export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(18rem, 85vw)',
  background: vars.color.brandDark,
  color: vars.color.onBrand,
  padding: vars.space.m,
  overflowY: 'auto',
});
export const drawerClose = style([outlineOnBrand, { marginBottom: vars.space.m }]);
export const content = style({ minWidth: 0 });

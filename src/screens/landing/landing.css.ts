import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css.ts';

export const banner = style({
  background: `linear-gradient(135deg, ${vars.color.brand}, ${vars.color.bar})`,
  color: vars.color.onBrand,
  padding: `${vars.space.xl} ${vars.space.m}`,
  textAlign: 'center',
});
export const bannerSub = style({ fontSize: vars.size.h2, margin: 0 });
export const section = style({ maxWidth: '60rem', margin: '0 auto', padding: `${vars.space.l} ${vars.space.m}` });
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: vars.space.m,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const tile = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '5rem',
  height: '100%',
  padding: vars.space.m,
  background: vars.color.surface,
  border: '1px solid #d7dce3',
  borderLeft: `6px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  textDecoration: 'none',
  color: vars.color.text,
  fontWeight: 600,
  selectors: { '&:hover': { background: vars.color.infoBg } },
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  gap: vars.space.m,
  listStyle: 'none',
  padding: 0,
});
export const stat = style({
  background: vars.color.surface,
  padding: vars.space.m,
  borderRadius: vars.radius,
  textAlign: 'center',
});
export const statNumber = style({ display: 'block', fontSize: '2rem', fontWeight: 700, color: vars.color.brand });
export const two = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  gap: vars.space.m,
});
export const map = style({ width: '100%', height: '20rem', border: 0, borderRadius: vars.radius });
export const mapFacade = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: '20rem',
  padding: vars.space.m,
  background: vars.color.surface,
  border: '1px solid #d7dce3',
  borderRadius: vars.radius,
});
export const skeleton = style({ minHeight: '5rem', background: '#e3e7ee', borderRadius: vars.radius });

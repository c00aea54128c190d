import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css.ts';

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.m,
  listStyle: 'none',
  padding: 0,
  margin: 0,
});
export const tile = style({
  background: vars.color.surface,
  border: '1px solid #d7dce3',
  borderTop: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius,
  padding: vars.space.m,
  display: 'flex',
  flexDirection: 'column',
});
export const count = style({ fontSize: '1.75rem', fontWeight: 700, color: vars.color.brand });

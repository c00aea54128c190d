import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const table = style({ width: '100%', borderCollapse: 'collapse', background: vars.color.surface });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: vars.space.s,
  borderBottom: '1px solid #d7dce3',
});
export const row = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.infoBg } } });

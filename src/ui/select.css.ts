import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { input } from './ui.css.ts';

export const trigger = style([input, { display: 'flex', justifyContent: 'space-between', alignItems: 'center', textAlign: 'start', cursor: 'pointer' }]);
export const content = style({
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  boxShadow: '0 6px 16px rgba(0,0,0,.2)',
  minWidth: 'var(--radix-select-trigger-width)',
  maxHeight: 'var(--radix-select-content-available-height)',
  zIndex: 1000,
});
export const item = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-highlighted]': { background: vars.color.infoBg }, '&[data-state="checked"]': { fontWeight: 700 } },
});

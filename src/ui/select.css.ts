import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { input } from './ui.css.ts';

export const trigger = style([
  input,
  { display: 'flex', justifyContent: 'space-between', alignItems: 'center', textAlign: 'start', cursor: 'pointer' },
]);
// The chosen value may be a long name: it wraps beside the arrow instead of widening the field.
globalStyle(`${trigger} > span:first-child`, { minWidth: 0 });
export const content = style({
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  boxShadow: '0 6px 16px rgba(0,0,0,.2)',
  // As wide as the field, never wider than the screen: a long name wraps inside it (issue 23).
  width: 'var(--radix-select-trigger-width)',
  maxWidth: 'var(--radix-select-content-available-width)',
  maxHeight: 'var(--radix-select-content-available-height)',
  zIndex: 1000,
});
export const item = style({
  padding: `${vars.space.s} ${vars.space.m}`,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-highlighted]': { background: vars.color.infoBg },
    '&[data-state="checked"]': { fontWeight: 700 },
  },
});

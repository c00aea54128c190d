import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/theme.css.ts';

/** A row of the review list: its term and description take the list's grid cells. */
export const row = style({ display: 'contents' });
export const instructions = style({ marginBottom: vars.space.l });
export const instructionsTitle = style({ marginTop: 0 });

import { style } from '@vanilla-extract/css';

/** The code in the title and the bureau's answer wrap inside the card at any length. */
export const title = style({ overflowWrap: 'anywhere' });
export const answer = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

/** A table's box: it scrolls sideways rather than spill out of the page where a long word has no room. */
export const scroller = style({ overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', background: vars.color.surface });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: vars.space.s,
  borderBottom: '1px solid #d7dce3',
});
export const row = style({ cursor: 'pointer', selectors: { '&:hover': { background: vars.color.infoBg } } });
/** What a row says under its case number: the requested case and when it was filed. */
export const meta = style({ display: 'block', fontSize: vars.size.small, color: vars.color.muted });
/** A row's place in the list: its digits on one line. */
export const place = style({ whiteSpace: 'nowrap' });
/**
 * On a phone the status goes under the case number, its column hidden: beside a number that
 * never breaks, a pill that never wraps has no room (issue 51).
 */
const PHONE = 'screen and (max-width: 30rem)';
export const wideOnly = style({ '@media': { [PHONE]: { display: 'none' } } });
export const phoneOnly = style({
  display: 'none',
  '@media': { [PHONE]: { display: 'block', marginTop: vars.space.xs } },
});

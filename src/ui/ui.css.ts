import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';
import { LINKED_ATTRIBUTE } from '../../contract/page-route.ts';

export const page = style({ maxWidth: '60rem', margin: '0 auto', padding: `${vars.space.l} ${vars.space.m}` });
export const narrow = style({ maxWidth: '32rem', margin: '0 auto', padding: `${vars.space.l} ${vars.space.m}` });
export const card = style({
  background: vars.color.surface,
  border: `1px solid #d7dce3`,
  borderRadius: vars.radius,
  padding: vars.space.l,
});

export const button = style({
  // A box of its own, a link's too: a long label wraps inside its background, never out of it.
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  maxWidth: '100%',
  boxSizing: 'border-box',
  overflowWrap: 'anywhere',
  font: 'inherit',
  fontWeight: 600,
  minHeight: '2.75rem',
  padding: `${vars.space.s} ${vars.space.l}`,
  border: '2px solid transparent',
  borderRadius: vars.radius,
  background: vars.color.brand,
  color: vars.color.onBrand,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.brandDark },
    // Disabled looks unavailable whatever the button (issue 23): no fill, grey text, and a
    // dashed border, so that the state does not rest on colour alone.
    '&:disabled': {
      background: vars.color.page,
      color: vars.color.muted,
      borderColor: vars.color.muted,
      borderStyle: 'dashed',
      cursor: 'not-allowed',
    },
  },
});
export const secondaryButton = style([
  button,
  {
    background: vars.color.surface,
    color: vars.color.brand,
    borderColor: vars.color.brand,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.infoBg } },
  },
]);
export const linkButton = style({
  font: 'inherit',
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.brand,
  textDecoration: 'underline',
  cursor: 'pointer',
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.m,
  alignItems: 'center',
  marginTop: vars.space.l,
});

export const field = style({ marginBottom: vars.space.l });
export const label = style({ display: 'block', fontWeight: 600, marginBottom: vars.space.xs });
export const hint = style({
  display: 'block',
  color: vars.color.muted,
  fontSize: vars.size.small,
  marginBottom: vars.space.xs,
});
export const fieldError = style({
  display: 'block',
  color: vars.color.error,
  fontWeight: 600,
  marginBottom: vars.space.xs,
});
export const input = style({
  font: 'inherit',
  width: '100%',
  minHeight: '2.75rem',
  padding: vars.space.s,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.error } },
});
export const required = style({ color: vars.color.error, fontWeight: 700 });

export const summary = style({
  border: `4px solid ${vars.color.error}`,
  padding: vars.space.m,
  marginBottom: vars.space.l,
  background: vars.color.surface,
});
/** Why the visitor is on this page (a link that needs a login, src/ui/linked-notice.tsx). */
export const notice = style({
  padding: vars.space.m,
  marginBottom: vars.space.l,
  background: vars.color.infoBg,
  borderLeft: `6px solid ${vars.color.brand}`,
});
/**
 * The login's notice of the case a link named (src/ui/linked-notice.tsx): on the page the
 * server sends at such a link (marked LINKED_ATTRIBUTE before its first paint), its lines are
 * kept from the start, first as an empty slot, so that the form below does not move when the
 * notice fills it once the app has taken over (a tap aimed at a field landed on another). On a
 * phone the Amharic words and the case number, kept whole, take three lines; two elsewhere. A
 * line of Ethiopic letters, beside the strut of the UI font, is a little taller than the line
 * height (4.8 px in three lines at 360 px): half an em more is kept.
 */
const linkedRoom = `html[${LINKED_ATTRIBUTE}] &`;
export const linkedNotice = style([
  notice,
  {
    selectors: { [linkedRoom]: { minHeight: 'calc(2lh + 0.5em)' } },
    '@media': { '(max-width: 30em)': { selectors: { [linkedRoom]: { minHeight: 'calc(3lh + 0.5em)' } } } },
  },
]);
export const linkedSlot = style([
  linkedNotice,
  { display: 'none', selectors: { [linkedRoom]: { display: 'block', visibility: 'hidden' } } },
]);
/**
 * A case number, a tracking code or a file name, whole: never broken at its hyphens (issue 51),
 * and on a narrow phone a little smaller than the text around it, so that one with the longest
 * prefix (22 characters) still fits a heading at 320 px.
 */
export const unbroken = style({ whiteSpace: 'nowrap', fontSize: 'min(1em, 5.5vw)' });
export const noticeTitle = style({ fontSize: vars.size.h2, fontWeight: 700, marginTop: 0 });
/** A confirmation that carries a reference to keep (src/ui/reference.tsx): it takes focus, so it shows it. */
export const confirmation = style({
  padding: vars.space.m,
  background: vars.color.successBg,
  borderLeft: `6px solid ${vars.color.success}`,
  fontWeight: 600,
  marginBottom: vars.space.l,
  scrollMarginTop: vars.space.l,
  overflowWrap: 'anywhere',
  ':focus': { outline: `3px solid ${vars.color.focus}` },
});
export const referenceLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.s,
  marginTop: vars.space.s,
});
export const reference = style({ fontSize: vars.size.h2, letterSpacing: '0.05em', overflowWrap: 'anywhere' });
export const wait = style({
  padding: vars.space.m,
  background: vars.color.errorBg,
  borderLeft: `6px solid ${vars.color.error}`,
  fontWeight: 600,
});

/**
 * Toasts stand at the bottom, over the page's end rather than its header: at the top they hid
 * the logo, the menu and the language select (on a phone) and Register (on a laptop) for
 * seconds (issue 51).
 */
export const toastRegion = style({
  position: 'fixed',
  bottom: vars.space.m,
  right: vars.space.m,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.s,
  maxWidth: 'min(24rem, calc(100vw - 2rem))',
});
/** On a phone, one toast at a time (the newest): stacked, they covered half the screen. */
globalStyle(`${toastRegion} > :not(:last-child)`, {
  '@media': { 'screen and (max-width: 40rem)': { display: 'none' } },
});
const toastBase = style({
  display: 'flex',
  gap: vars.space.m,
  alignItems: 'flex-start',
  padding: vars.space.m,
  borderRadius: vars.radius,
  boxShadow: '0 4px 12px rgba(0,0,0,.2)',
  borderLeft: '6px solid',
});
export const toast = styleVariants({
  success: [toastBase, { background: vars.color.successBg, borderColor: vars.color.success }],
  error: [toastBase, { background: vars.color.errorBg, borderColor: vars.color.error }],
  info: [toastBase, { background: vars.color.infoBg, borderColor: vars.color.info }],
});

const badgeBase = style({
  display: 'inline-block',
  // A pill is one line: wrapped inside itself it reads as two blobs (issue 51).
  whiteSpace: 'nowrap',
  padding: `0 ${vars.space.s}`,
  borderRadius: '999px',
  color: '#fff',
  fontWeight: 600,
  fontSize: vars.size.small,
});
export const badge = styleVariants({
  grey: [badgeBase, { background: vars.color.grey }],
  blue: [badgeBase, { background: vars.color.blue }],
  green: [badgeBase, { background: vars.color.green }],
  red: [badgeBase, { background: vars.color.red }],
});

export const progress = style({ width: '100%', height: '1rem' });
/** A PDF's frame, transparent until its viewer paints, over what says it is loading (`pdfLoading`). */
export const pdfFrame = style({ position: 'relative' });
export const pdf = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  border: `1px solid ${vars.color.border}`,
});
export const pdfLoading = style({ position: 'absolute', top: vars.space.l, left: vars.space.l, right: vars.space.l });
export const preview = style({
  maxWidth: '8rem',
  maxHeight: '8rem',
  borderRadius: vars.radius,
  marginTop: vars.space.s,
});
export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 14rem) 1fr',
  gap: `${vars.space.xs} ${vars.space.m}`,
  margin: 0,
  '@media': { 'screen and (max-width: 30rem)': { gridTemplateColumns: '1fr' } },
});
export const dt = style({ fontWeight: 600, color: vars.color.muted });
export const dd = style({ margin: 0, overflowWrap: 'anywhere' });
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
export const avatar = style({
  width: '2.5rem',
  height: '2.5rem',
  borderRadius: '50%',
  objectFit: 'cover',
  background: vars.color.brand,
  color: vars.color.onBrand,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  flex: 'none',
});
/** A long unbroken text (an address in an error message) wraps instead of widening the page. */
export const wrapAnywhere = style({ overflowWrap: 'anywhere' });

/** A modal dialog (Radix) over a dimmed page: the rating, a case step, the session warning. */
export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.45)' });
export const dialog = style({
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(26rem, calc(100vw - 2rem))',
  background: vars.color.surface,
  borderRadius: vars.radius,
  padding: vars.space.l,
});

/** A file field in the page's language (file-input.tsx): the native input out of sight, its focus on the button. */
export const filePicker = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.m,
  position: 'relative',
});
export const fileNative = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  opacity: 0,
  overflow: 'hidden',
});
globalStyle(`${fileNative}:focus-visible + label`, { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
export const fileChosen = style({ overflowWrap: 'anywhere', minWidth: 0 });

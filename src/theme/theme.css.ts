import { createGlobalTheme, globalStyle } from '@vanilla-extract/css';
import { ETHIOPIC_FAMILY } from './ethiopic-font.ts';

/** The bureau's design tokens: its blue bar, readable type for Ethiopic script, visible focus. */
export const vars = createGlobalTheme(':root', {
  color: {
    brand: '#0b3d91',
    brandDark: '#072a66',
    bar: '#0d47a1',
    onBrand: '#ffffff',
    text: '#1b1f24',
    muted: '#4a5361',
    border: '#8a94a3',
    surface: '#ffffff',
    page: '#f4f6f9',
    error: '#b3261e',
    errorBg: '#fdecea',
    success: '#1e6b34',
    successBg: '#e7f4ea',
    info: '#0b3d91',
    infoBg: '#e8eef9',
    focus: '#ffbf47',
    grey: '#5f6673',
    blue: '#1356b8',
    green: '#1e6b34',
    red: '#b3261e',
  },
  font: {
    // 'Portal Ethiopic' covers only the Ethiopic blocks (unicode-range): it tries the local
    // Ethiopic fonts first, then the self-hosted one (fonts.css); Latin text falls through to
    // the system fonts. First in the list, so that no system font's bold can claim Ethiopic.
    body: `"${ETHIOPIC_FAMILY}", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif`,
  },
  size: {
    // Ethiopic glyphs are dense: a slightly larger base size and line height read better.
    base: '1.0625rem',
    small: '0.9375rem',
    h1: '1.75rem',
    h2: '1.3rem',
    lineHeight: '1.6',
  },
  space: { xs: '0.25rem', s: '0.5rem', m: '1rem', l: '1.5rem', xl: '2.5rem' },
  radius: '6px',
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { fontSize: '100%', WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.size.base,
  lineHeight: vars.size.lineHeight,
  color: vars.color.text,
  background: vars.color.page,
  // A word longer than its box (a 49-letter name without a space, a pasted value) breaks
  // inside its box rather than widening the page; ordinary words still break at spaces (issue 23).
  overflowWrap: 'anywhere',
});
globalStyle('h1', { fontSize: vars.size.h1, lineHeight: 1.3, margin: `0 0 ${vars.space.m}` });
globalStyle('h2', { fontSize: vars.size.h2, lineHeight: 1.35, margin: `${vars.space.l} 0 ${vars.space.s}` });
globalStyle('a', { color: vars.color.brand });
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 5px ${vars.color.text}`,
});
// Nothing with a width of its own (a picture, a frame, the browser's file picker) is wider than its box: at 320 px the picker is 253 px in 238 (issue 23).
globalStyle('img, iframe, object, input[type="file"]', { maxWidth: '100%' });

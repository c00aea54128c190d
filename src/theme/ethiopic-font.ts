import type { LanCode } from '../../contract/languages.ts';

/** A page drawn by its script in Amharic or Tigrinya waits this long at most for the Ethiopic font: the block period of `font-display: block`. */
export const FONT_WAIT_MS = 3000;

/** The family of the Ethiopic faces (src/theme/fonts.css, written by scripts/fonts.ts). */
export const ETHIOPIC_FAMILY = 'Portal Ethiopic';

/** The languages written in the Ethiopic script. */
const ETHIOPIC_SCRIPT: readonly LanCode[] = ['Am', 'Tg'];

/** The faces of the whole Ethiopic block; the others are the small cuts of the portal's own texts. */
const WHOLE_BLOCK = 'U+1200-137F';

/**
 * Resolves once the Ethiopic font of both weights is in (FONT_WAIT_MS at most), for a page
 * about to be drawn in an Ethiopic-script language. Drawn before, its text is laid out in a
 * fallback while invisible (`font-display: block`), and lines wrap anew when the font comes:
 * the dashboard's header grew by a line on a phone (tests/e2e/layout-shift.spec.ts). A
 * device with its own Ethiopic font answers at once (`local()`); a pre-rendered page has it
 * already.
 */
export function ethiopicFontReady(lan: LanCode): Promise<void> {
  if (!ETHIOPIC_SCRIPT.includes(lan) || !document.fonts) return Promise.resolve();
  // The small cuts only, by their faces: `document.fonts.load` would fetch every face whose
  // range holds the text, the whole block's (43 KB a weight) too.
  const cuts = [...document.fonts].filter(
    (face) => face.family.replace(/"/g, '') === ETHIOPIC_FAMILY && face.unicodeRange.toUpperCase() !== WHOLE_BLOCK,
  );
  const loads = cuts.map((face) => face.load());
  return Promise.race([
    Promise.all(loads).then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((done) => setTimeout(done, FONT_WAIT_MS)),
  ]);
}

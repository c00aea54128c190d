import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { EvidenceDescribes } from '../contract/evidence.ts';
import { chromium } from '@playwright/test';
import { HEADLESS_SHELL } from './chromium.ts';
import { gatherEvidence } from './evidence/gather.ts';
import { evidenceHtml } from './evidence/html.ts';

/**
 * `npm run evidence -- --out DIR`: the auditor's evidence pack (issue 52), DIR/evidence.html
 * and the same printed to DIR/evidence.pdf by Debian's Chromium (scripts/chromium.ts): the date and commit, each machine's diagram,
 * version, catalogue in English and Amharic, coverage and mutation score, who may take which
 * step, refused moves, what the portal keeps, and the trace matrix.
 */
export async function writeEvidence(
  out: string,
  now = new Date(),
  /** The Chromium to print with; where there is none, the pack is the web page alone and says so. */
  browserPath = HEADLESS_SHELL,
): Promise<{ html: string; pdf: string | null }> {
  mkdirSync(out, { recursive: true });
  const html = path.join(out, 'evidence.html');
  const pdf = path.join(out, 'evidence.pdf');
  const evidence = gatherEvidence(now);
  const page = evidenceHtml(evidence);
  writeFileSync(html, page);
  // What /flows says it describes, beside the pack (contract/paths.ts EVIDENCE_PATHS).
  const describes = (printed: boolean): EvidenceDescribes => ({
    commit: evidence.commit,
    committed: evidence.committed,
    made: evidence.date,
    uncommitted: evidence.uncommitted.length > 0,
    pdf: printed,
  });
  writeFileSync(path.join(out, 'describes.json'), JSON.stringify(describes(false)));
  if (!existsSync(browserPath)) return { html, pdf: null };
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  try {
    const tab = await browser.newPage();
    await tab.setContent(page, { waitUntil: 'load' });
    // Both Ethiopic faces loaded before printing: a face loads when first used, and a PDF printed before it shows boxes.
    await tab.evaluate(async () => {
      await Promise.all(['400', '700'].map((w) => document.fonts.load(`${w} 1em "Portal Ethiopic"`, 'ሀ')));
      await document.fonts.ready;
    });
    await tab.pdf({
      path: pdf,
      format: 'A4',
      printBackground: true,
      margin: { top: '12mm', bottom: '14mm', left: '12mm', right: '12mm' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      // No ligatures: "ff" in a commit drawn as one glyph reads back as "f f" (a hash with "ff" failed the evidence test).
      footerTemplate: `<div style="font-size:7pt;width:100%;text-align:center;font-variant-ligatures:none">Evidence pack, commit ${evidence.commit.slice(0, 7)}, page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
    });
  } finally {
    await browser.close();
  }
  writeFileSync(path.join(out, 'describes.json'), JSON.stringify(describes(true)));
  return { html, pdf };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run evidence -- --out DIR');
    process.exit(2);
  }
  const written = await writeEvidence(path.resolve(values.out));
  if (!written.pdf) {
    console.error(
      `Wrote ${written.html}; no Chromium to print the PDF with (apt-get install chromium-headless-shell).`,
    );
    process.exit(1);
  }
  console.log(`Wrote ${written.html} and ${written.pdf}`);
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceDescribes } from '../../contract/evidence.ts';
import { writeEvidence } from '../../scripts/evidence.ts';
import { gatherEvidence } from '../../scripts/evidence/gather.ts';
import { SMS_RECORD_DAYS, UNVERIFIED_REGISTRATION_DAYS } from '../../server/config/tuning.ts';
import { textRuns } from '../support/pdf-text.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const json = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;

/** Issue 52, item 2: `npm run evidence -- --out DIR`, the auditor's pack, from what the commit holds. */
describe('the evidence pack', () => {
  let out: string;
  let html: string;
  let pdfText: string;
  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'evidence-'));
    const written = await writeEvidence(out, new Date('2026-12-03T10:00:00Z'));
    html = readFileSync(written.html, 'utf8');
    if (!written.pdf) throw new Error('no Chromium printed the PDF (CI installs it)');
    const runs = await textRuns(new Uint8Array(readFileSync(written.pdf)));
    pdfText = runs.map((r) => r.text).join(' ');
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('names the commit and the time it was made, in the HTML and the PDF', () => {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    expect(html).toContain(`<code>${commit}</code>`);
    expect(html).toContain('2026-12-03T10:00:00.000Z');
    // Read on a phone too: laid out for its width, wide tables scrolling in their box.
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(pdfText).toContain(commit);
    expect(pdfText).toContain(`Evidence pack, commit ${commit.slice(0, 7)}`);
    // Read back as written: no ligature joins letters into one glyph ("ff" in a commit read back
    // as "f f" in the footer; "fi" split "speci fi cation" in the text).
    expect(pdfText).toContain('The specification traced');
    expect(pdfText).not.toMatch(/\b(?:speci fi|fi led)\b/);
    // What /flows says it describes, beside the pack.
    const describes = JSON.parse(readFileSync(path.join(out, 'describes.json'), 'utf8')) as EvidenceDescribes;
    expect(describes).toMatchObject({ commit, made: '2026-12-03T10:00:00.000Z', pdf: true });
    expect(describes.committed).toBe(
      execFileSync('git', ['log', '-1', '--format=%cI'], { cwd: ROOT, encoding: 'utf8' }).trim(),
    );
  });

  it('holds every machine with its diagram, version, coverage, mutation score, and catalogue in English and Amharic', () => {
    const versions = json<Record<string, string>>('docs/flows/versions.json');
    const scores = json<{ date: string; machines: Record<string, { score: number }> }>('docs/mutation/scores.json');
    for (const [name, version] of Object.entries(versions)) {
      const section = html.slice(html.indexOf(`<section id="m-${name}">`));
      expect(section, name).toMatch(new RegExp(`^<section id="m-${name}"><h2>${name}</h2>`));
      const own = section.slice(0, section.indexOf('</section>'));
      expect(own).toContain(`<code>${version}</code>`);
      expect(own).toContain('<svg');
      if (scores.machines[name]) expect(own).toContain(`${scores.machines[name].score}% (`);
      expect(own).toContain(`run of ${scores.date}`);
      const catalogue = json<{ entries: { text: { en: { about: string }; am: { about: string } } }[] }>(
        `docs/flows/${name}.paths.json`,
      );
      expect(own).toContain(catalogue.entries[0]!.text.am.about.replaceAll('&', '&amp;').replaceAll('<', '&lt;'));
    }
    expect(html).toContain('states 8/8 (100%), transitions 15/15 (100%)');
  });

  it('says who may take which step as the lifecycle decides it, four eyes included, in both languages', () => {
    const who = Object.fromEntries(gatherEvidence().roles.map((r) => [`${r.from} ${r.event}`, r.who]));
    expect(who).toMatchObject({
      'pending START': ['case_handler'],
      'ongoing RESPOND': ['case_handler'],
      'responded VERIFY': ['team_leader'],
      'responded REOPEN': ['team_leader'],
      'pending REJECT': ['team_leader'],
      'appealed OVERTURN': ['team_leader'],
      'rejected APPEAL': ['customer'],
    });
    expect(pdfText).toContain('a team leader who did not write the response asks for it');
    expect(pdfText).toContain('four eyes: the one who rejected the case does not decide the appeal against it');
    expect(pdfText).toContain('accusation acceptor');
    // The Amharic is drawn with the portal's own font: a box would read as nothing here.
    expect(pdfText).toContain('ሁኔታ');
    expect(pdfText).toMatch(/ውድቅ\s*ያላደረገ\s*የቡድን\s*መሪ/);
  });

  it('says what the portal keeps and for how long, from the constants the sweeps use, and the whole trace matrix', () => {
    expect(html).toContain(`${SMS_RECORD_DAYS} days, then removed`);
    expect(html).toContain(`${UNVERIFIED_REGISTRATION_DAYS} days after it was made, then removed`);
    const trace = json<{ id: string }[]>('docs/trace.json');
    for (const t of trace) expect(html).toContain(`<code>${t.id}</code>`);
    expect(pdfText).toContain(trace.at(-1)!.id);
  });
});

describe('the evidence pack on a machine without Chromium', () => {
  it('is the web page alone, and what /flows reads says there is no PDF to offer', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'evidence-bare-'));
    try {
      const written = await writeEvidence(out, new Date('2026-12-03T10:00:00Z'), path.join(out, 'no-chromium'));
      expect(written.pdf).toBeNull();
      expect(existsSync(path.join(out, 'evidence.pdf'))).toBe(false);
      expect(readFileSync(written.html, 'utf8')).toContain('2026-12-03T10:00:00.000Z');
      const describes = JSON.parse(readFileSync(path.join(out, 'describes.json'), 'utf8')) as EvidenceDescribes;
      expect(describes.pdf).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

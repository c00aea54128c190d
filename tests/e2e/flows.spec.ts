import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { COUNTED_FLOW, COUNT_MARK } from '../../contract/flow-catalogue.ts';
import { paths } from '../../contract/paths.ts';
import { REQUIREMENTS } from '../../trace/requirements.ts';
import apply from '../../docs/flows/apply.paths.json' with { type: 'json' };
import versions from '../../docs/flows/versions.json' with { type: 'json' };
import { lifecycleTransitions } from '../../server/cases/flow-report.ts';
import { LANGUAGES, SIZES, axeViolations, checkReflow, settle, watchProblems } from './audit.ts';
import { base } from './journeys.ts';

/**
 * /flows for auditors (issue 21): every diagram legible (no text drawn over another, measured
 * in the browser), the path catalogue and the case lifecycle's counts, in Amharic and
 * English, at a phone's width and a laptop's, with axe clean.
 */
for (const language of LANGUAGES) {
  test(`${language.lan}: the diagrams, their paths in words and the counts of what really happens, at a phone's width and a laptop's`, async ({
    page,
  }) => {
    const problems = watchProblems(page);
    await page.setViewportSize(SIZES[0]);
    await page.addInitScript((lan) => localStorage.setItem('lan', lan), language.lan);
    await page.goto(`${base()}${paths.flows}`);
    await expect(page.getByRole('heading', { level: 1, name: language.catalog['flows.title'] })).toBeVisible();
    // The commit it describes, and the evidence pack to file (issue 52): the PDF itself, from the build.
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    await expect(page.getByText(commit.slice(0, 12), { exact: true })).toBeVisible();
    const pdfLink = page.getByRole('link', { name: language.catalog['flows.evidence.pdf'] });
    const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, page.url()).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Every diagram is in the page, its version beside it.
    const diagrams = page.locator('section svg');
    await expect(diagrams).toHaveCount(Object.keys(versions).length + 1); // and the simulator's
    await settle(page);
    // How well the tests hold each workflow: a row per machine, its path coverage and its mutation score.
    const tests = page.getByRole('region', { name: language.catalog['flows.tests.title'] }).first().getByRole('table');
    await expect(tests.getByRole('row')).toHaveCount(1 + Object.keys(versions).length);

    // The case lifecycle's transitions, counted by the server: every transition one row, those never taken in words.
    const counts = page.getByRole('region', { name: 'case-lifecycle', exact: true }).getByRole('table');
    await expect(counts.getByRole('row')).toHaveCount(1 + lifecycleTransitions().length);
    await expect(
      counts.getByRole('cell', { name: language.catalog['flows.counts.never'] ?? 'no such message' }).first(),
    ).toBeVisible();
    // …and on the lifecycle's arrows: every transition between two statuses has its count under its label.
    const table = await counts
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const onArrows = await page
      .locator('section', { has: page.getByRole('heading', { level: 2, name: COUNTED_FLOW, exact: true }) })
      .locator('svg g.node')
      .evaluateAll((nodes) =>
        nodes.flatMap((n) =>
          [...n.querySelectorAll('text')]
            .filter((t) => t.textContent?.startsWith('×'))
            .map((t) => [n.querySelector('title')?.textContent ?? '', t.textContent ?? '']),
        ),
      );
    const between = lifecycleTransitions().filter((t) => t.from);
    expect(onArrows).toHaveLength(between.length);
    expect(onArrows.map(([, text]) => text)).not.toContain(COUNT_MARK);
    for (const t of between) {
      const row = table.find(([what]) =>
        (what ?? '').replace(/\s+/g, ' ').startsWith(`${t.from} · ${t.event} → ${t.to}`),
      );
      const count = row?.[1] === language.catalog['flows.counts.never'] ? '0' : row?.[1];
      expect(onArrows, `${t.from} ${t.event}`).toContainEqual([
        `caseLifecycle_${t.from}__caseLifecycle_${t.to}__label`,
        `× ${count}`,
      ]);
    }

    // The apply machine's path catalogue, in the page's language, each path with its test.
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'apply', exact: true }),
    });
    await section.getByText(language.catalog['flows.paths.summary'] ?? 'no such message').click();
    const lang = language.lang === 'am' ? 'am' : 'en';
    const first = apply.entries[0]!;
    await expect(section.getByRole('heading', { level: 4, name: `1. ${first.title}`, exact: true })).toBeVisible();
    await expect(section.getByText(first.text[lang].steps[0]!, { exact: true }).first()).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(apply.entries.length);
    await expect(section.getByText(first.test).first()).toBeVisible();
    // What an entry guarantees, and how it is checked (issue 49).
    await expect(section.getByText(language.catalog['flows.paths.guarantee'] ?? 'no such message')).toBeVisible();

    // The specification traced: every requirement a row, opened on demand.
    const trace = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: language.catalog['flows.trace.title'] ?? 'no such message' }),
    });
    await trace.getByText(language.catalog['flows.trace.summary'] ?? 'no such message').click();
    await expect(trace.getByRole('row')).toHaveCount(1 + REQUIREMENTS.length);
    await expect(trace.getByRole('rowheader', { name: /^S4\.LOCKOUT(?![.\w])/ })).toContainText('0005-form-behaviour');

    // Then at each width, as a window resized: no text of a diagram is drawn over another's
    // (every pair of text boxes of different nodes, edges and clusters, measured as the
    // browser lays them out), reflow, axe.
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settle(page);
      const overlaps = await page.evaluate(() =>
        [...document.querySelectorAll('section svg')].flatMap((svg) => {
          const title = svg.closest('section')?.querySelector('h2')?.textContent ?? '';
          const texts = [...svg.querySelectorAll('text')].map((t) => ({
            t,
            box: t.getBoundingClientRect(),
            group: t.closest('g.node, g.edge, g.cluster, g.graph'),
          }));
          const found: string[] = [];
          for (const [i, a] of texts.entries())
            for (const b of texts.slice(i + 1)) {
              if (a.group === b.group) continue;
              const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
              const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
              if (w > 1 && h > 1) found.push(`${title}: "${a.t.textContent}" over "${b.t.textContent}"`);
            }
          return found;
        }),
      );
      expect(overlaps, `at ${size.width} px`).toEqual([]);
      await checkReflow(page);
      expect(await axeViolations(page), `at ${size.width} px`).toEqual([]);
    }
    expect(problems).toEqual([]);
  });
}

import { expect, test } from '@playwright/test';
import type { Simulation } from '../../contract/flow-catalogue.ts';
import { COUNT_MARK } from '../../contract/flow-catalogue.ts';
import { paths } from '../../contract/paths.ts';
import lifecycle from '../../docs/flows/case-lifecycle.paths.json' with { type: 'json' };
import { LANGUAGES, SIZES, axeViolations, checkReflow, settle, watchProblems } from './audit.ts';
import { base } from './journeys.ts';

/**
 * The simulator on /flows (issue 36), by keyboard only: pick the case lifecycle, play a
 * rejection, an appeal and its refusal, see the second appeal disabled with its guard in
 * words, step back and start again; the current state is highlighted on the diagram. In
 * Amharic and English, at a phone's width and a laptop's, axe clean.
 */
const simulation = lifecycle.simulation as unknown as Simulation;
const move = (from: number, to: number) => simulation.moves.find((m) => m.from === from && m.to === to)!;
/** The node the walk reaches from `from` into `states` (a state's nodes differ by context: who rejected, …). */
const nodeIn = (states: string, from: number) =>
  simulation.moves.find((m) => m.from === from && simulation.nodes[m.to]!.states.join(', ') === states)!.to;

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test(`${language.lan} at ${size.width}px: the simulator plays the case lifecycle by keyboard`, async ({ page }) => {
      const problems = watchProblems(page);
      const lang = language.lang === 'am' ? 'am' : 'en';
      const say = (id: string) => language.catalog[id] ?? `no message ${id}`;
      await page.setViewportSize(size);
      await page.addInitScript((lan) => localStorage.setItem('lan', lan), language.lan);
      await page.goto(`${base()}${paths.flows}`);
      const sim = page.locator('section', {
        has: page.getByRole('heading', { level: 2, name: say('flows.simulator.title') }),
      });
      await expect(sim).toBeVisible();

      // The workflow is chosen by typing its name into the focused list, as a keyboard user does.
      const choice = sim.getByLabel(say('flows.simulator.machine'), { exact: true });
      await choice.focus();
      await page.keyboard.type('case-lif');
      await expect(choice.locator('option:checked')).toHaveText('case-lifecycle');
      const status = sim.getByRole('status');
      await expect(status).toContainText('pending');
      for (const step of simulation.start[lang]) await expect(sim.getByText(step, { exact: true })).toBeVisible();
      // The state the walk is in is highlighted on the diagram (filled amber), and only that one.
      const lit = () =>
        sim.locator('svg g.node').evaluateAll((nodes) =>
          nodes
            .filter((n) => {
              const shape = n.querySelector('path, polygon');
              return shape && getComputedStyle(shape).fill === 'rgb(255, 191, 71)';
            })
            .map((n) => n.querySelector('title')?.textContent),
        );
      await expect.poll(lit).toEqual(['caseLifecycle_pending']);

      const press = async (text: string) => {
        const button = sim.getByRole('button', { name: text });
        await button.focus();
        await page.keyboard.press('Enter');
      };
      const pending = simulation.initial;
      const rejected = nodeIn('rejected', pending);
      const appealed = nodeIn('appealed', rejected);
      const rejectedAgain = nodeIn('rejected', appealed);
      // Each move's target state stays on one line after its words (a flex item shrank it to a letter a line).
      const squeezed = await sim
        .locator('ul button code')
        .evaluateAll(
          (codes) =>
            codes.filter((c) => c.getBoundingClientRect().height > 2.5 * parseFloat(getComputedStyle(c).fontSize))
              .length,
        );
      expect(squeezed).toBe(0);
      await press(move(pending, rejected).text[lang]);
      await expect(status).toContainText('rejected');
      // The pressed button is gone: focus goes to where the walk now is, not to the page's start.
      await expect(status).toBeFocused();
      await expect.poll(lit).toEqual(['caseLifecycle_rejected']);
      // The diagram follows the walk: the current state is in view, even where the picture scrolls (360 px).
      const inView = () =>
        sim.locator('[role="img"]').evaluate((frame) => {
          const node = [...frame.querySelectorAll('g.node')].find(
            (n) => n.querySelector('title')?.textContent === 'caseLifecycle_rejected',
          )!;
          const [at, view] = [node.getBoundingClientRect(), frame.getBoundingClientRect()];
          return at.left >= view.left && at.right <= view.right;
        });
      await expect.poll(inView).toBe(true);
      // Fitted to its box by default (issue 52): the whole workflow in view at a phone's width;
      // the actual size scrolls sideways, the current state kept in view.
      const fits = () =>
        sim
          .locator('[role="img"]')
          .evaluate((frame) => frame.querySelector('svg')!.getBoundingClientRect().width <= frame.clientWidth + 1);
      await expect.poll(fits).toBe(true);
      await press(say('flows.diagram.actualSize'));
      await expect(sim.getByRole('button', { name: say('flows.diagram.actualSize') })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect.poll(inView).toBe(true);
      // No counts here: the arrows carry no count line.
      await expect(sim.locator('svg text', { hasText: COUNT_MARK })).toHaveCount(0);
      await press(move(rejected, appealed).text[lang]);
      await expect(status).toContainText('appealed');
      await press(move(appealed, rejectedAgain).text[lang]);
      await expect(status).toContainText('rejected');
      // A second appeal: disabled, with the guard that stops it.
      const stopped = simulation.blocked.find((b) => b.at === rejectedAgain)!;
      await expect(sim.getByRole('button', { name: stopped.text[lang] })).toBeDisabled();
      await expect(sim.getByRole('listitem').filter({ hasText: move(rejected, appealed).text[lang] })).toHaveCount(1);

      // Step back, then start again.
      await press(say('flows.simulator.back'));
      await expect(status).toContainText('appealed');
      await press(say('flows.simulator.reset'));
      await expect(status).toContainText('pending');
      await expect(sim.getByRole('button', { name: say('flows.simulator.back') })).toBeDisabled();
      await expect(sim.getByText(say('flows.simulator.noTrail'))).toBeVisible();

      // Who asks (issue 52): a team leader may not take a pending case up, and the line names the one condition.
      const asker = sim.getByLabel(say('flows.simulator.asker'), { exact: true });
      await asker.selectOption({ label: simulation.askers!.leader![lang] });
      const refusedHere = simulation.nodes[pending]!.refused!.find((r) => r.asker === 'leader' && r.event === 'START')!;
      const line = simulation.refusalLines![refusedHere.line]![lang].replace('{event}', 'START');
      await expect(sim.getByText(line, { exact: true })).toBeVisible();
      await expect(sim.getByRole('button', { name: move(pending, rejected).text[lang] })).toBeVisible();
      await expect(sim.getByRole('button', { name: move(pending, nodeIn('ongoing', pending)).text[lang] })).toHaveCount(
        0,
      );
      // And when: the owner may appeal a rejection in time, not more than 30 days after it.
      await asker.selectOption({ label: say('flows.simulator.anyone') });
      await press(move(pending, rejected).text[lang]);
      await asker.selectOption({ label: simulation.askers!.owner![lang] });
      const appeal = sim.getByRole('button', { name: move(rejected, appealed).text[lang] });
      await expect(appeal).toBeVisible();
      await sim
        .getByLabel(say('flows.simulator.when'))
        .selectOption({ label: simulation.askedWhen!.times.late![lang] });
      await expect(appeal).toHaveCount(0);
      const late = simulation.nodes[rejected]!.refused!.find((r) => r.asker === 'ownerLate' && r.event === 'APPEAL')!;
      await expect(
        sim.getByText(simulation.refusalLines![late.line]![lang].replace('{event}', 'APPEAL'), { exact: true }),
      ).toBeVisible();
      // A closed case says it is closed.
      await asker.selectOption({ label: say('flows.simulator.anyone') });
      await press(say('flows.simulator.reset'));
      await press(move(pending, nodeIn('withdrawn', pending)).text[lang]);
      await expect(sim.getByText(say('flows.simulator.final').replace('{state} ', '').trim())).toBeVisible();
      await expect(sim.getByText(say('flows.simulator.end'))).toHaveCount(0);

      await settle(page);
      await checkReflow(page);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
}

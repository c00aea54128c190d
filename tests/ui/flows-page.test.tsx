import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportState } from '../../src/app/for-screens/flow-monitor.ts';
import coverage from '../../docs/flows/coverage.json' with { type: 'json' };
import versions from '../../docs/flows/versions.json' with { type: 'json' };
import scores from '../../docs/mutation/scores.json' with { type: 'json' };
import { userEvent } from '@testing-library/user-event';
import { EVIDENCE_PATHS } from '../../contract/evidence.ts';
import lifecycleWords from '../../contract/case-lifecycle.words.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };
import { fakeApi, renderAt } from './harness.tsx';

describe('/flows, the auditors’ page', () => {
  it('shows every machine’s diagram and highlights the state a running machine is in', async () => {
    fakeApi({});
    renderAt('/flows', 'En');
    expect(screen.getByRole('heading', { level: 1, name: 'Workflow diagrams' })).toBeInTheDocument();
    for (const name of ['apply', 'login', 'session', 'lockout', 'case-lookup', 'case-lifecycle'])
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'apply' });
    // Each machine's version, as docs/flows/versions.json has it (scripts/flows/graph.ts machineVersion).
    expect(section).toHaveTextContent(new RegExp(`^apply\\s*Version ${versions.apply} \\(a short hash of the flow`));
    await waitFor(() => expect(section.querySelector('svg')).not.toBeNull());
    act(() => reportState('apply', { review: 'confirming' }));
    expect(await screen.findByText('Running now, in state: review.confirming')).toBeInTheDocument();
    await waitFor(() => {
      const current = [...section.querySelectorAll('g.node')].filter((g) => g.classList.length > 1);
      expect(current.map((g) => g.querySelector('title')?.textContent)).toEqual(['apply_review_confirming']);
    });
  });

  it("shows each machine's path coverage beside its mutation score, with the date it was measured", () => {
    fakeApi({});
    renderAt('/flows', 'En');
    const table = within(screen.getAllByRole('region', { name: 'How well the tests hold each workflow' })[0]!);
    expect(table.getByText(new RegExp(`last measured on ${scores.date}`))).toBeInTheDocument();
    const names = table.getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual(Object.keys(coverage));
    const row = within(table.getByRole('rowheader', { name: 'lockout' }).closest('tr')!);
    const cells = row.getAllByRole('cell').map((c) => c.textContent);
    const m = (scores.machines as Record<string, { score: number; killed: number; mutants: number }>).lockout!;
    expect(cells).toEqual([
      `${coverage.lockout.states.covered} of ${coverage.lockout.states.total} states, ${coverage.lockout.transitions.covered} of ${coverage.lockout.transitions.total} transitions`,
      `${new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 }).format(m.score / 100)}: ${m.killed} of ${m.mutants} mutants caught`,
    ]);
  });

  it('says when the build has no evidence pack, and how to make one', async () => {
    fakeApi({});
    renderAt('/flows', 'En');
    expect(await screen.findByText(/This build has no evidence pack:/)).toHaveTextContent(
      'This build has no evidence pack: npm run evidence -- --out DIR writes one.',
    );
    expect(screen.queryByRole('link', { name: 'The evidence pack (PDF)' })).toBeNull();
  });

  it('offers the pack as a web page alone where the build had no Chromium to print it', async () => {
    const commit = 'c0ffee1234567890c0ffee1234567890c0ffee12';
    fakeApi({
      [`GET ${EVIDENCE_PATHS.describes}`]: () => ({
        status: 200,
        body: {
          commit,
          committed: '2026-12-02T09:00:00Z',
          made: '2026-12-03T10:00:00Z',
          uncommitted: false,
          pdf: false,
        },
      }),
    });
    renderAt('/flows', 'En');
    expect(await screen.findByText(/This page describes commit/)).toHaveTextContent(
      `This page describes commit ${commit.slice(0, 12)} of 2026-12-02.`,
    );
    expect(screen.getByRole('link', { name: 'The evidence pack as a web page' })).toHaveAttribute(
      'href',
      EVIDENCE_PATHS.html,
    );
    expect(screen.queryByRole('link', { name: 'The evidence pack (PDF)' })).toBeNull();
  });

  it("gives each state and event of a machine's diagram beside what it means, in the page's language", async () => {
    fakeApi({});
    renderAt('/flows', 'Am');
    const section = screen.getByRole('region', { name: 'case-lifecycle' });
    await userEvent.click(within(section).getByText(am['flows.paths.summary']));
    const summary = await within(section).findByText(am['flows.key.title']);
    await userEvent.click(summary);
    const key = summary.closest('details')!;
    const states = within(key).getByRole('region', { name: am['flows.paths.states'] });
    const rows = within(states)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual(Object.entries(lifecycleWords.states).map(([code, w]) => [code, w.am]));
    const events = within(key).getByRole('region', { name: am['flows.key.events'] });
    expect(
      within(events).getByRole('row', { name: new RegExp(`^VERIFY ${lifecycleWords.events.VERIFY.am}`) }),
    ).toBeInTheDocument();
  });
});

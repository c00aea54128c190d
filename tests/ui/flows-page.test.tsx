import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportState } from '../../src/app/for-screens/flow-monitor.ts';
import coverage from '../../docs/flows/coverage.json' with { type: 'json' };
import versions from '../../docs/flows/versions.json' with { type: 'json' };
import scores from '../../docs/mutation/scores.json' with { type: 'json' };
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
});

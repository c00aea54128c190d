import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reportState } from '../../src/app/for-screens/flow-monitor.ts';
import versions from '../../docs/flows/versions.json' with { type: 'json' };
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
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Case, CaseList, CaseSummary, Rating } from '../../contract/entities.ts';
import type { CaseRead } from '../../machines/case-outlook.ts';
import { caseOutlook } from '../../machines/case-outlook.ts';
import { casePageMachine, openedFrom } from '../../machines/case-page.machine.ts';
import { historyEntry as entry, pendingCase as pending, verifiedCase } from '../ui/fixtures.ts';
import { testModel } from './model.ts';

const withdrawn = { ...pending, status: 'withdrawn' } as Case;
const caseList = { _id: 'l1', time_limit: 5, questions: [] } as unknown as CaseList;
const read = (found: Case): CaseRead => ({ found, caseList, ratings: [], history: [entry('pending')], readAt: 0 });
const rating: Rating = { _id: 'r1', rateNum: 4, rateCase: 'c4', createdAt: '2026-11-22T00:00:00.000Z' };

describe('case page machine', () => {
  it('covers every state and transition: read, not found, wait, error and retry, a step and a rating shown from their answers', async () => {
    const report = await testModel(casePageMachine, {
      input: { id: 'c4' },
      start: 'caseAddress',
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          status: s.context.data?.found.status ?? null,
          rated: s.context.data?.ratings?.length ?? null,
        }),
      events: () => [
        { type: 'xstate.done.actor.read', output: read(pending) },
        { type: 'xstate.done.actor.read', output: read(verifiedCase) },
        { type: 'xstate.error.actor.read', error: { status: 404 } },
        { type: 'xstate.error.actor.read', error: { status: 429 } },
        { type: 'xstate.error.actor.read', error: { status: 500 } },
        { type: 'xstate.error.actor.read', error: { status: 0 } },
        { type: 'RETRY' },
        { type: 'STEP_TAKEN', case: withdrawn, history: [entry('pending'), entry('withdrawn')] },
        { type: 'RATED', rating },
      ],
      check: ({ event, snapshot }, _emitted, inputs) => {
        const data = snapshot.context.data as CaseRead | null;
        expect(snapshot.context.input).toEqual({ id: 'c4' });
        if (event.type === 'RETRY') expect(inputs.read).toEqual({ id: 'c4' });
        if (event.type === 'xstate.done.actor.read')
          expect(data).toEqual((event as unknown as { output: CaseRead }).output);
        if (event.type === 'STEP_TAKEN') {
          expect(data?.found).toEqual(withdrawn);
          expect(data?.history.map((e) => e.to_status)).toEqual(['pending', 'withdrawn']);
          // The steps offered are decided again from the case the answer brought: none for a withdrawn case.
          expect(data && caseOutlook(data).steps).toEqual([]);
        }
        if (event.type === 'RATED') {
          expect(data?.found.rateCustomer).toEqual({ _id: 'r1' });
          expect(data?.ratings).toEqual([rating]);
        }
        if (event.type === 'RATED' && data?.found.status === 'verified') {
          // Rated: it can no longer be rated (the Rate button goes).
          expect(caseOutlook(data).rating).toBeNull();
        }
      },
    });
    expect(report.states).toEqual({ covered: 5, total: 5 });
    expect(report.transitions.covered).toBe(report.transitions.total);
  });

  it('a list hands the page the case number and its type, and the page starts with nothing read', () => {
    expect(openedFrom({ case_number: 'HDAB-2019-000004', caselist: { _id: 'l1' } } as CaseSummary)).toEqual({
      caseNumber: 'HDAB-2019-000004',
      caseListId: 'l1',
    });
    expect(createActor(casePageMachine, { input: { id: 'c4' } }).getSnapshot().context).toEqual({
      input: { id: 'c4' },
      data: null,
    });
  });

  it('after a step, nothing is read again: the read runs once, and the page shows what the step answered', async () => {
    let reads = 0;
    const actor = createActor(
      casePageMachine.provide({
        actors: {
          read: fromPromise(async () => {
            reads += 1;
            return read(pending);
          }),
        },
      }),
      { input: { id: 'c4' } },
    ).start();
    await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('loaded') && resolve()));
    actor.send({ type: 'STEP_TAKEN', case: withdrawn, history: [entry('withdrawn')] });
    actor.send({ type: 'RATED', rating });
    expect(actor.getSnapshot().context.data?.found.status).toBe('withdrawn');
    expect(actor.getSnapshot().context.data?.ratings).toEqual([rating]);
    expect(reads).toBe(1);
  });
});

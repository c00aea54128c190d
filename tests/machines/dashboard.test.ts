import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { caseListMachine } from '../../machines/case-list.machine.ts';
import { ratingMachine } from '../../machines/rating.machine.ts';
import { testModel } from './model.ts';
import { messages } from './form-events.ts';

describe('case list machine', () => {
  it('covers every state and transition: pages, previous / next at the ends, sort, errors', async () => {
    const page = (n: number, of: number) => ({ cases: [], currentPage: n, totalPages: of });
    const report = await testModel(caseListMachine, {
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          page: s.context.page,
          sort: s.context.sort,
          of: s.context.result?.totalPages ?? null,
        }),
      events: (s) => [
        { type: 'xstate.done.actor.fetchPage', output: page(s.context.page, 2) },
        { type: 'xstate.error.actor.fetchPage', error: { status: 429 } },
        { type: 'xstate.error.actor.fetchPage', error: { status: 500 } },
        { type: 'NEXT' },
        { type: 'PREV' },
        { type: 'SORT', sort: 1 },
        { type: 'RETRY' },
      ],
      check: ({ event, snapshot }, emitted, inputs) => {
        const { context } = snapshot;
        if (snapshot.matches('loading')) expect(inputs.fetchPage).toEqual({ page: context.page, sort: context.sort });
        if (event.type === 'SORT') expect(context).toMatchObject({ sort: 1, page: 1 });
        if (event.type === 'xstate.done.actor.fetchPage') expect(context.result).toEqual(page(context.page, 2));
        const status = (event as unknown as { error?: { status: number } }).error?.status;
        if (status === 429) {
          expect(snapshot.value).toBe('limitError');
          expect(emitted.at(-1)).toEqual({ type: 'rateLimited' });
        }
        if (status === 500) expect(snapshot.value).toBe('error');
      },
    });
    expect(report.states).toEqual({ covered: 4, total: 4 });
    expect(createActor(caseListMachine).getSnapshot().context).toEqual({ page: 1, sort: -1, result: null });
  });
});

const rating = { _id: 'r1', rateNum: 4, rateCase: 'c1', createdAt: '2026-11-22T00:00:00.000Z' };

describe('rating machine', () => {
  it('covers every state and transition: open at the current value, set, reset to 0, submit once chosen', async () => {
    for (const current of [null, 4]) {
      await testModel(ratingMachine, {
        input: { caseId: 'c1', current },
        start: current === null ? 'unrated' : 'rated',
        serialize: (s) => JSON.stringify({ value: s.value, stars: s.context.value, ask: s.context.needsChoice }),
        events: () => [
          { type: 'OPEN' },
          { type: 'CLOSE' },
          { type: 'SET', value: 5 },
          { type: 'RESET' },
          { type: 'SUBMIT' },
          { type: 'xstate.done.actor.rate', output: { ...messages, rating } },
          { type: 'xstate.error.actor.rate', error: { status: 429 } },
          { type: 'xstate.error.actor.rate', error: { status: 500 } },
          { type: 'xstate.error.actor.rate', error: { status: 409, messages } },
        ],
        check: ({ event, snapshot }, emitted, inputs) => {
          const { context } = snapshot;
          if (event.type === 'OPEN') expect(context).toMatchObject({ value: current ?? 1, needsChoice: false });
          if (event.type === 'SET') expect(context).toMatchObject({ value: 5, needsChoice: false });
          if (event.type === 'SUBMIT' && snapshot.matches('submitting')) {
            expect(inputs.rate).toEqual({ rateNum: context.value, rateCase: 'c1' });
            expect(context.value).toBeGreaterThanOrEqual(1);
          }
          if (event.type === 'SUBMIT' && snapshot.matches('open'))
            expect(context).toMatchObject({ value: 0, needsChoice: true });
          const status = (event as unknown as { error?: { status: number } }).error?.status;
          if (status !== undefined)
            expect(emitted.at(-1)).toEqual(
              { 429: { type: 'rateLimited' }, 500: { type: 'serverError', retry: { type: 'SUBMIT' } } }[
                status as 429 | 500
              ] ?? {
                type: 'toast',
                kind: 'error',
                messages,
              },
            );
          if (event.type === 'xstate.done.actor.rate') {
            expect(emitted.map((e) => e.type).slice(-2)).toEqual(['toast', 'rated']);
            // The case page is handed the rating the answer brought.
            expect(emitted.at(-1)).toEqual({ type: 'rated', rating });
          }
        },
      });
    }
  });

  it('a double-click reset to 0 cannot be submitted: it asks for a choice', () => {
    expect(createActor(ratingMachine, { input: { caseId: 'c', current: 3 } }).getSnapshot().context).toEqual({
      caseId: 'c',
      current: 3,
      value: 3,
      needsChoice: false,
    });
    expect(createActor(ratingMachine, { input: { caseId: 'c', current: null } }).getSnapshot().context.value).toBe(1);
    const a = createActor(ratingMachine, { input: { caseId: 'c', current: null } }).start();
    a.send({ type: 'OPEN' });
    a.send({ type: 'RESET' });
    a.send({ type: 'SUBMIT' });
    expect(a.getSnapshot().value).toBe('open');
    expect(a.getSnapshot().context.needsChoice).toBe(true);
    a.send({ type: 'SET', value: 9 });
    expect(a.getSnapshot().context.value).toBe(5);
  });
});

import { TEXT_LIMITS } from '../../contract/limits.ts';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CaseList, CaseSummary, Division } from '../../contract/entities.ts';
import type { ApplyOptions, ApplyPayload, KeptApplication } from '../../machines/apply.machine.ts';
import { applicationErrors, applyMachine, emptyApplication } from '../../machines/apply.machine.ts';
import { testModel } from './model.ts';
import { names } from '../ui/fixtures.ts';
import { messages } from './form-events.ts';

const options = {
  divisions: [
    { _id: 'd1', status: 'active', special: 'no', ...names('Open', 'Open') },
    { _id: 'd2', status: 'active', special: 'yes', ...names('Special', 'Special') },
  ] as unknown as Division[],
  caseLists: [
    {
      _id: 'l1',
      division: { _id: 'd1' },
      status: 'active',
      time_limit: 5,
      questions: [
        {
          _id: 'q1',
          caselist: { _id: 'l1' },
          inputType: 'normal_input',
          dataType: 'number',
          isRequired: 'yes',
          enumValues: [],
        },
        {
          _id: 'q2',
          caselist: { _id: 'l1' },
          inputType: 'text_area',
          dataType: 'string',
          isRequired: 'no',
          enumValues: [],
        },
      ],
    },
  ] as unknown as CaseList[],
  ownCases: [],
};

describe('apply machine', () => {
  it('checks division, request, required and numeric answers and the remark', () => {
    const base = { division: 'd1', caselist: 'l1', related_case_id: '', remark: 'please', answers: { q1: '3' } };
    expect(applicationErrors(options, base)).toEqual({});
    // The request is asked for once a division is chosen (its list depends on it).
    expect(applicationErrors(options, { ...base, division: 'd2' })).toEqual({ division: { code: 'required' } });
    expect(applicationErrors(options, { ...base, caselist: '' })).toMatchObject({ caselist: { code: 'required' } });
    expect(applicationErrors(options, { ...base, answers: { q1: 'three' } })).toEqual({ q1: { code: 'notANumber' } });
    // The remark's limit is the create-case schema's own: 5001 characters were accepted here and refused by the server.
    expect(applicationErrors(options, { ...base, remark: 'r'.repeat(TEXT_LIMITS.remark + 1) })).toEqual({
      remark: { code: 'tooLong', limit: TEXT_LIMITS.remark },
    });
    expect(applicationErrors(options, { ...base, answers: {}, remark: ' ' })).toEqual({
      q1: { code: 'required' },
      remark: { code: 'required' },
    });
  });

  it('covers every state and transition: form, confirmation, back without loss, submit, 429, redirect after 6 s', async () => {
    const saved: unknown[] = [];
    await testModel(applyMachine, {
      input: { draft: null },
      start: 'noDraft',
      provide: {
        actions: {
          saveDraft: (_: unknown, p: unknown) => void saved.push(p),
          clearDraft: () => void saved.push('cleared'),
        },
      },
      serialize: (s) =>
        JSON.stringify({
          value: s.value,
          division: s.context.values.division,
          caselist: s.context.values.caselist,
          q1: !!s.context.values.answers.q1,
          remark: !!s.context.values.remark,
          file: !!s.context.attachment,
        }),
      events: (s) => [
        { type: 'xstate.done.actor.loadOptions', output: options },
        { type: 'xstate.error.actor.loadOptions', error: { status: 429 } },
        { type: 'xstate.error.actor.loadOptions', error: { status: 500 } },
        { type: 'RETRY' },
        ...(s.context.values.division ? [] : [{ type: 'CHANGE_DIVISION', value: 'd1' }]),
        ...(s.context.values.division && !s.context.values.caselist ? [{ type: 'CHANGE_CASELIST', value: 'l1' }] : []),
        ...(s.context.values.caselist && !s.context.values.answers.q1
          ? [{ type: 'ANSWER', questionId: 'q1', value: '2' }]
          : []),
        ...(s.context.values.answers.q1 && !s.context.values.remark
          ? [{ type: 'CHANGE', field: 'remark', value: 'please' }]
          : []),
        { type: 'PICK_FILE', file: { name: 'a.pdf', size: 10, type: 'application/pdf' } },
        { type: 'APPLY' },
        { type: 'BACK' },
        { type: 'EDIT', field: 'remark' },
        { type: 'SUBMIT' },
        { type: 'CANCEL' },
        { type: 'PROGRESS', percent: 50 },
        { type: 'xstate.done.actor.submit', output: { case: { _id: 'c1', case_number: 'HDAB-2019-000001' } } },
        { type: 'xstate.error.actor.submit', error: { status: 429 } },
        { type: 'xstate.error.actor.submit', error: { status: 400, messages, fields: { remark: 'tooLong' } } },
        { type: 'xstate.error.actor.submit', error: { status: 0 } },
        { type: 'xstate.error.actor.submit', error: { status: 0, offline: true } },
        { type: 'xstate.done.actor.keep' },
        { type: 'xstate.error.actor.keep', error: new Error('no storage') },
        { type: 'xstate.after.REDIRECT.apply.succeeded.counting' },
        { type: 'STAY' },
        { type: 'LEAVE' },
      ],
      check: ({ event, snapshot }, emitted) => {
        const { context } = snapshot;
        // What each step leaves in the context, read by the screens (and the draft kept on the device).
        if (['CHANGE_DIVISION', 'CHANGE_CASELIST', 'ANSWER', 'CHANGE'].includes(event.type)) {
          expect(saved.at(-1)).toEqual({ values: context.values });
          expect(context.submitKey).toBeNull();
        }
        if (event.type === 'PICK_FILE') {
          expect(context.attachment).toMatchObject({ name: 'a.pdf' });
          expect(context.errors).not.toHaveProperty('attachment');
        }
        if (event.type === 'APPLY' && snapshot.matches('editing')) expect(context.errors).not.toEqual({});
        if (event.type === 'SUBMIT') {
          expect(context.progress).toBe(0);
          expect(context.submitKey).toMatch(/^[0-9a-f]{32}$/);
        }
        if (event.type === 'PROGRESS') expect(context.progress).toBe(50);
        if (event.type === 'xstate.done.actor.submit') {
          expect(context.submitted).toEqual({ id: 'c1', number: 'HDAB-2019-000001' });
          expect(saved.at(-1)).toBe('cleared');
        }
        if (event.type === 'xstate.done.actor.keep') expect(saved.at(-1)).toBe('cleared');
        if (event.type === 'xstate.error.actor.submit' && snapshot.matches('editing')) {
          const { status } = (event as unknown as { error: { status: number } }).error;
          if (status === 400) {
            expect(context.errors).toEqual({ remark: { code: 'tooLong' } });
            expect(emitted.at(-1)).toMatchObject({ type: 'toast', kind: 'error' });
          }
        }
        if (event.type === 'xstate.error.actor.loadOptions') {
          const { status } = (event as unknown as { error: { status: number } }).error;
          if (status === 429) expect(emitted.at(-1)).toMatchObject({ type: 'rateLimited' });
        }
        if (event.type.startsWith('xstate.after.REDIRECT') || event.type === 'LEAVE')
          expect(emitted.at(-1)).toEqual({ type: 'navigate', to: 'caseStatus' });
        if (event.type === 'STAY') expect(snapshot.value).toEqual({ succeeded: 'staying' });
        if (event.type === 'APPLY' && emitted.at(-1)?.type === 'scrollTop')
          expect(emitted.at(-1)).toEqual({ type: 'scrollTop' });
        if (
          event.type === 'xstate.error.actor.submit' &&
          (event as unknown as { error: { status: number } }).error.status === 429
        ) {
          expect(emitted.at(-1)).toEqual({ type: 'toast', kind: 'error', key: 'apply.tooManyRequests' });
        }
      },
    });
    expect(saved).toContain('cleared');
  });

  /** The apply machine started on a draft ready to apply, its options loaded; and a turn of the event loop for the actors to settle. */
  const ready = { division: 'd1', caselist: 'l1', related_case_id: '', remark: 'kept', answers: { q1: '1' } };
  const settled = () => new Promise((r) => setTimeout(r, 0));
  const readyToApply = async (provide: Parameters<typeof applyMachine.provide>[0]) => {
    const a = createActor(
      applyMachine.provide({
        ...provide,
        actors: { loadOptions: fromPromise<ApplyOptions>(async () => options), ...provide.actors },
      }),
      {
        input: { draft: ready },
      },
    ).start();
    await settled();
    return a;
  };

  it('a dropped connection keeps the application and sends it again with the same key; a change makes a new key', async () => {
    const keys: string[] = [];
    let fail = true;
    const a = await readyToApply({
      actors: {
        submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(async ({ input }) => {
          keys.push(input.key);
          if (fail) throw Object.assign(new Error('dropped'), { status: 0 });
          return { case: { case_number: 'HDAB-2019-000001' } as CaseSummary };
        }),
      },
    });
    a.send({ type: 'APPLY' });
    a.send({ type: 'SUBMIT' });
    await settled();
    expect(a.getSnapshot().value).toEqual({ review: 'submitFailed' });
    expect(a.getSnapshot().context.values.remark).toBe('kept');
    a.send({ type: 'SUBMIT' });
    await settled();
    a.send({ type: 'BACK' });
    a.send({ type: 'CHANGE', field: 'remark', value: 'changed' });
    a.send({ type: 'APPLY' });
    fail = false;
    a.send({ type: 'SUBMIT' });
    await settled();
    expect(a.getSnapshot().value).toEqual({ succeeded: 'counting' });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('takes the attachment, one PDF, up to exactly 10 MB (10 × 1024 × 1024 bytes) and refuses one byte more', async () => {
    // spec: S5.APPLY.ATTACHMENT, S9.ATTACHMENT
    const a = await readyToApply({});
    const pdf = (size: number) => ({ name: 'documents.pdf', size, type: 'application/pdf' }) as never;
    a.send({ type: 'PICK_FILE', file: pdf(10 * 1024 * 1024 + 1) });
    expect(a.getSnapshot().context.attachment).toBeNull();
    expect(a.getSnapshot().context.errors).toEqual({ attachment: { code: 'fileTooLarge', limit: 10_485_760 } });
    a.send({ type: 'PICK_FILE', file: pdf(10 * 1024 * 1024) });
    expect(a.getSnapshot().context.attachment).toMatchObject({ size: 10_485_760 });
    expect(a.getSnapshot().context.errors).toEqual({});
  });

  /** An application sent and accepted as case c1, on a fake clock (restore it after), and where it leads. */
  async function sent() {
    const a = await readyToApply({
      actors: {
        submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(async () => ({
          case: { _id: 'c1', case_number: 'HDAB-2019-000001' } as CaseSummary,
        })),
      },
    });
    const said: unknown[] = [];
    a.on('navigate', (e) => void said.push(e));
    vi.useFakeTimers();
    a.send({ type: 'APPLY' });
    a.send({ type: 'SUBMIT' });
    return { a, said };
  }

  it('a success goes to the case status list 6 seconds after it, not a moment before', async () => {
    // spec: S4.APPLY.FLOW, S2.APPLY.SUCCESS, S9.REDIRECTS
    const { a, said } = await sent();
    try {
      await vi.advanceTimersByTimeAsync(0);
      expect(a.getSnapshot().value).toEqual({ succeeded: 'counting' });
      await vi.advanceTimersByTimeAsync(5_999);
      expect(a.getSnapshot().value).toEqual({ succeeded: 'counting' });
      expect(said).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(a.getSnapshot().value).toBe('done');
      expect(said).toEqual([{ type: 'navigate', to: 'caseStatus' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the person can stop the clock to write the number down, and leave when done (WCAG 2.2.1, issue 51)', async () => {
    const { a, said } = await sent();
    try {
      await vi.advanceTimersByTimeAsync(5_000);
      a.send({ type: 'STAY' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(a.getSnapshot().value).toEqual({ succeeded: 'staying' });
      expect(said).toEqual([]);
      a.send({ type: 'LEAVE' });
      expect(a.getSnapshot().value).toBe('done');
      expect(said).toEqual([{ type: 'navigate', to: 'caseStatus' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the upload's progress as the submit reports it, and the case it became once sent", async () => {
    let finish: (v: { case: CaseSummary }) => void = () => undefined;
    const a = await readyToApply({
      actors: {
        submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(({ input }) => {
          expect(input.values.remark).toBe('kept');
          expect(input.form).toEqual([{ q1: '1' }]);
          input.onProgress(40);
          return new Promise((resolve) => (finish = resolve));
        }),
      },
    });
    a.send({ type: 'APPLY' });
    a.send({ type: 'SUBMIT' });
    await settled();
    expect(a.getSnapshot().value).toBe('submitting');
    expect(a.getSnapshot().context.progress).toBe(40);
    finish({ case: { _id: 'c7', case_number: 'HDAB-2019-000007' } as CaseSummary });
    await settled();
    expect(a.getSnapshot().context.submitted).toEqual({ id: 'c7', number: 'HDAB-2019-000007' });
  });

  it('sent without a connection, the application is kept with its key and its request, and the draft is cleared', async () => {
    const kept: KeptApplication[] = [];
    const drafts: string[] = [];
    const a = await readyToApply({
      actors: {
        submit: fromPromise<{ case: CaseSummary }, ApplyPayload>(async () => {
          throw Object.assign(new Error('offline'), { status: 0, offline: true });
        }),
        keep: fromPromise<void, KeptApplication>(async ({ input }) => void kept.push(input)),
      },
      actions: { clearDraft: () => void drafts.push('cleared') },
    });
    a.send({ type: 'APPLY' });
    a.send({ type: 'SUBMIT' });
    await settled();
    await settled();
    expect(a.getSnapshot().value).toBe('kept');
    expect(kept).toHaveLength(1);
    expect(kept[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(kept[0]?.request?._id).toBe('l1');
    expect(kept[0]?.form).toEqual([{ q1: '1' }]);
    expect(kept[0]?.values.remark).toBe('kept');
    expect(drafts).toEqual(['cleared']);
  });

  it('offers nothing until its options load, and starts from the draft or an empty application', () => {
    const fresh = createActor(applyMachine, { input: { draft: null } }).getSnapshot().context;
    expect(fresh).toMatchObject({
      options: { divisions: [], caseLists: [], ownCases: [] },
      submitKey: null,
      values: emptyApplication,
      attachment: null,
      errors: {},
      progress: 0,
      submitted: null,
    });
    expect(createActor(applyMachine, { input: { draft: ready } }).getSnapshot().context.values).toEqual(ready);
  });

  it('restores a draft, and drops choices that are no longer offered', async () => {
    const a = createActor(
      applyMachine.provide({ actors: { loadOptions: fromPromise<ApplyOptions>(async () => options) } }),
      {
        input: {
          draft: { division: 'd1', caselist: 'gone', related_case_id: '', remark: 'kept', answers: { q1: '1' } },
        },
      },
    ).start();
    await new Promise((r) => setTimeout(r, 0));
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.values).toEqual({
      division: 'd1',
      caselist: '',
      related_case_id: '',
      remark: 'kept',
      answers: {},
    });
  });
});

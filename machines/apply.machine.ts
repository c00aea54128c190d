import type { CaseSummary } from '../contract/entities.ts';
import { newIdempotencyKey } from '../contract/endpoints.ts';
import { REDIRECT_AFTER_CASE_MS } from '../contract/limits.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import type { FieldErrors } from './api-failure.ts';
import { isOffline, isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import type { ChosenFile } from './files.ts';
import { chooseFile, pdfProblem } from './files.ts';
import type { ApplyOptions, ApplyPayload, ApplyValues, KeptApplication } from './application.ts';
import { applicationErrors, emptyApplication, formOf, openDivisions, requestsOf } from './application.ts';
import { changedValues, RATE_LIMITED, hasNoFieldErrors, progressOf, serverFieldErrorsOf } from './form-parts.ts';

interface Context {
  options: ApplyOptions;
  /** Set at the first try to send, kept for the retries; any change to the application drops it. */
  submitKey: string | null;
  values: ApplyValues;
  attachment: (ChosenFile & Blob) | null;
  errors: FieldErrors;
  progress: number;
  /** The case it became, once sent: its number to show and its page to link. */
  submitted: { id: string; number: string } | null;
}

/**
 * Apply for a case (spec sections 2 and 4): form -> confirmation -> submitting -> success ->
 * after 6 s /dashboard/casestatus. The confirmation's Cancel and each "Change" go back to
 * the form with nothing lost; 429 toasts 'too many requests'; a dropped connection or a
 * server failure keeps the confirmation and offers to send again (the same idempotency key,
 * so one case however many tries reach the server); other failures toast the server's
 * message and keep the form. `saveDraft` / `clearDraft` keep the draft. Sent without a
 * connection, the application is kept on the device with its key (`keep`) and sent when the
 * connection returns (src/letters); the draft is then cleared.
 */
export type { ApplyOptions, ApplyPayload, ApplyValues, KeptApplication } from './application.ts';
export {
  applicationErrors,
  emptyApplication,
  noneOpenIn,
  openDivisions,
  questionsOf,
  requestsOf,
} from './application.ts';

export const applyMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as Context,
    input: {} as { draft?: ApplyValues | null },
    events: {} as
      | { type: 'CHANGE_DIVISION'; value: string }
      | { type: 'CHANGE_CASELIST'; value: string }
      | { type: 'ANSWER'; questionId: string; value: string }
      | { type: 'CHANGE'; field: 'related_case_id' | 'remark'; value: string }
      | { type: 'PICK_FILE'; file: (ChosenFile & Blob) | null }
      | { type: 'APPLY' }
      | { type: 'BACK' }
      | { type: 'EDIT'; field: string }
      | { type: 'SUBMIT' }
      | { type: 'CANCEL' }
      | { type: 'PROGRESS'; percent: number }
      | { type: 'RETRY' }
      | { type: 'STAY' }
      | { type: 'LEAVE' },
    emitted: {} as Emitted | { type: 'focusField'; field: string } | { type: 'scrollTop' },
  },
  actors: {
    loadOptions: notProvided<ApplyOptions>('loadOptions'),
    submit: notProvided<{ case: CaseSummary }, ApplyPayload>('submit'),
    keep: notProvided<void, KeptApplication>('keep'),
  },
  actions: {
    keepOptions: assign({ options: (_, params: { options: ApplyOptions }) => params.options }),
    dropStaleChoices: assign({
      values: ({ context }) => {
        const v = context.values;
        const division = openDivisions(context.options).some((d) => d._id === v.division) ? v.division : '';
        const caselist = requestsOf(context.options, division).some((c) => c._id === v.caselist) ? v.caselist : '';
        return { ...v, division, caselist, answers: caselist ? v.answers : {} };
      },
    }),
    changeDivision: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'CHANGE_DIVISION');
        return { ...context.values, division: event.value, caselist: '', answers: {} };
      },
    }),
    changeCaselist: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'CHANGE_CASELIST');
        return { ...context.values, caselist: event.value, answers: {} };
      },
    }),
    answer: assign({
      values: ({ context, event }) => {
        assertEvent(event, 'ANSWER');
        return { ...context.values, answers: { ...context.values.answers, [event.questionId]: event.value } };
      },
    }),
    change: assign({ values: changedValues }),
    pickFile: assign(({ context, event }) => {
      assertEvent(event, 'PICK_FILE');
      const { file, errors } = chooseFile(context.errors, 'attachment', event.file, pdfProblem);
      return { attachment: file, errors };
    }),
    check: assign({
      errors: ({ context }) => ({
        ...applicationErrors(context.options, context.values),
        ...(context.errors.attachment ? { attachment: context.errors.attachment } : {}),
      }),
    }),
    progress: assign({ progress: progressOf }),
    ensureKey: assign({ submitKey: ({ context }) => context.submitKey ?? newIdempotencyKey() }),
    forgetKey: assign({ submitKey: null }),
    resetProgress: assign({ progress: 0 }),
    keepCase: assign({
      submitted: (_, params: { sent: CaseSummary }) => ({ id: params.sent._id, number: params.sent.case_number }),
    }),
    serverFieldErrors: assign({ errors: serverFieldErrorsOf }),
    saveDraft: (_, _params: { values: ApplyValues }) => undefined,
    clearDraft: () => undefined,
    scrollTop: emit({ type: 'scrollTop' } as const),
    focusField: emit(({ event }) => {
      assertEvent(event, 'EDIT');
      return { type: 'focusField', field: event.field } as const;
    }),
    toastTooMany: emit({ type: 'toast', kind: 'error', key: 'apply.tooManyRequests' }),
    toastFailure: emit(failureToast('errors.network')),
    rateLimited: emit(RATE_LIMITED),
    goBack: emit({ type: 'navigate', to: 'dashboard' }),
    goToCaseStatus: emit({ type: 'navigate', to: 'caseStatus' }),
  },
  guards: {
    valid: hasNoFieldErrors,
    isRateLimited: isStatus(429),
    isOffline,
    isServerFailure,
  },
  delays: { REDIRECT: REDIRECT_AFTER_CASE_MS },
}).createMachine({
  id: 'apply',
  context: ({ input }) => ({
    options: { divisions: [], caseLists: [], ownCases: [] },
    submitKey: null,
    values: input.draft ?? emptyApplication,
    attachment: null,
    errors: {},
    progress: 0,
    submitted: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: {
          target: 'editing',
          actions: [{ type: 'keepOptions', params: ({ event }) => ({ options: event.output }) }, 'dropStaleChoices'],
        },
        onError: [{ guard: 'isRateLimited', target: 'failed', actions: 'rateLimited' }, { target: 'failed' }],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHANGE_DIVISION: {
          actions: [
            'changeDivision',
            'forgetKey',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        CHANGE_CASELIST: {
          actions: [
            'changeCaselist',
            'forgetKey',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        ANSWER: {
          actions: [
            'answer',
            'forgetKey',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        CHANGE: {
          actions: [
            'change',
            'forgetKey',
            { type: 'saveDraft', params: ({ context }) => ({ values: context.values }) },
          ],
        },
        PICK_FILE: { actions: ['pickFile', 'forgetKey'] },
        APPLY: { target: 'checking', actions: 'check' },
        CANCEL: { actions: ['clearDraft', 'goBack'] },
      },
    },
    checking: {
      always: [{ guard: 'valid', target: 'review.confirming', actions: 'scrollTop' }, { target: 'editing' }],
    },
    // The application as it will be sent, before it goes or after a try that got no answer:
    // the same three ways on from either.
    review: {
      initial: 'confirming',
      on: {
        BACK: 'editing',
        EDIT: { target: 'editing', actions: 'focusField' },
        SUBMIT: 'submitting',
      },
      states: {
        confirming: {},
        submitFailed: {},
      },
    },
    submitting: {
      entry: ['resetProgress', 'ensureKey'],
      on: { PROGRESS: { actions: 'progress' } },
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, self }) => ({
          values: context.values,
          key: context.submitKey ?? '',
          form: formOf(context.options, context.values),
          attachment: context.attachment,
          onProgress: (percent: number) => self.send({ type: 'PROGRESS', percent }),
        }),
        onDone: {
          target: 'succeeded',
          actions: [{ type: 'keepCase', params: ({ event }) => ({ sent: event.output.case }) }, 'clearDraft'],
        },
        onError: [
          { guard: 'isOffline', target: 'keeping' },
          { guard: 'isRateLimited', target: 'editing', actions: 'toastTooMany' },
          // No answer (the connection dropped) or a server failure: everything stays, and the
          // same application can be sent again with the same key.
          { guard: 'isServerFailure', target: 'review.submitFailed' },
          { target: 'editing', actions: ['serverFieldErrors', 'toastFailure'] },
        ],
      },
    },
    keeping: {
      invoke: {
        id: 'keep',
        src: 'keep',
        input: ({ context }) => ({
          values: context.values,
          key: context.submitKey ?? '',
          form: formOf(context.options, context.values),
          attachment: context.attachment,
          request: context.options.caseLists.find((c) => c._id === context.values.caselist),
        }),
        onDone: { target: 'kept', actions: 'clearDraft' },
        // The device could not keep it: the confirmation stays, to send again.
        onError: 'review.submitFailed',
      },
    },
    // Kept as a letter: the screen says so and links back to the dashboard.
    kept: {},
    // The case number, then the case list after the spec's 6 seconds (S2.APPLY.SUCCESS), unless
    // the person stops the clock to write the number down (WCAG 2.2.1): a Stay button, or a
    // focus or a copy inside the panel. Go to my cases leaves at once, counting or not.
    succeeded: {
      initial: 'counting',
      states: {
        counting: {
          after: { REDIRECT: { target: '#apply.done', actions: 'goToCaseStatus' } },
          on: { STAY: 'staying' },
        },
        staying: {},
      },
      on: { LEAVE: { target: 'done', actions: 'goToCaseStatus' } },
    },
    done: { type: 'final' },
  },
});

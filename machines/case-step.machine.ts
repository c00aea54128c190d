import type { CaseHistoryEntry, Case } from '../contract/entities.ts';
import type { CaseStepResult } from '../contract/cases/answers.ts';
import { stepTextProblem } from '../contract/case-rules.ts';
import { TEXT_LIMITS, maxLength } from '../contract/limits.ts';
import type { CaseStepKind } from '../contract/case-steps.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import type { FieldError } from './api-failure.ts';
import { isServerFailure, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';
import type { ChosenFile } from './files.ts';
import { chooseFile, pdfProblem } from './files.ts';
import { RATE_LIMITED, hasNoFieldErrors, serverFieldErrorsOf } from './form-parts.ts';

/** A step taken: the case and its history as the owner now reads them, for the case page. */
export interface StepTaken {
  type: 'stepTaken';
  case: Case;
  history: CaseHistoryEntry[];
}

export interface CaseStepPayload {
  caseId: string;
  kind: CaseStepKind;
  text: string;
  file: File | null;
}

/**
 * A customer's step on their own case, after the submit button (issue 19): answer the
 * bureau's request for information, withdraw the case, or appeal its rejection. Each opens
 * a form (the answer or reason, a PDF for an answer or an appeal), is confirmed, then sent;
 * the case page is handed the case and its history as the answer brings them (`stepTaken`),
 * without reading them again. What the customer
 * typed stays through a refusal, and is kept as a draft (`saveDraft`, given back as the
 * input's `draft`) through a session's expiry, until the step is taken.
 */
export const caseStepMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as {
      caseId: string;
      kind: CaseStepKind;
      text: string;
      file: File | null;
      errors: Record<string, FieldError>;
    },
    input: {} as { caseId: string; kind: CaseStepKind; draft?: string },
    events: {} as
      | { type: 'OPEN' }
      | { type: 'CLOSE' }
      | { type: 'TEXT'; value: string }
      | { type: 'FILE'; file: (ChosenFile & File) | null }
      | { type: 'SUBMIT' }
      | { type: 'CONFIRM' }
      | { type: 'BACK' },
    emitted: {} as Emitted | StepTaken,
  },
  actors: {
    send: notProvided<CaseStepResult, CaseStepPayload>('send'),
  },
  actions: {
    setText: assign(({ context, event }) => {
      assertEvent(event, 'TEXT');
      const { text: _cleared, ...errors } = context.errors;
      return { text: event.value, errors };
    }),
    setFile: assign(({ context, event }) => {
      assertEvent(event, 'FILE');
      const chosen = chooseFile(context.errors, 'attachment', event.file, pdfProblem);
      return { file: chosen.file, errors: chosen.errors };
    }),
    checkText: assign(({ context }) => {
      const problem = stepTextProblem(context.kind, context.text);
      const { text: _previous, ...errors } = context.errors;
      return {
        errors: problem
          ? {
              ...errors,
              text:
                problem === 'tooLong' ? { code: problem, limit: maxLength(TEXT_LIMITS.stepText) } : { code: problem },
            }
          : errors,
      };
    }),
    // The server names the text `answer` or `reason`; the form has one text field.
    showServerErrors: assign(({ context, event }) => {
      const { answer, reason, ...others } = serverFieldErrorsOf({ event });
      const text = answer ?? reason;
      return { errors: { ...context.errors, ...others, ...(text ? { text } : {}) } };
    }),
    /** What is typed is kept as a draft (provided by the page: sessionStorage, kept for its customer through an expiry). */
    saveDraft: (_, _params: { text: string }) => undefined,
    clearDraft: () => undefined,
    stepTaken: emit((_, params: { taken: CaseStepResult }) => ({
      type: 'stepTaken' as const,
      case: params.taken.case,
      history: params.taken.history,
    })),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.unexpected')),
    rateLimited: emit(RATE_LIMITED),
    serverError: emit({ type: 'serverError', retry: { type: 'SUBMIT' } }),
  },
  guards: {
    valid: hasNoFieldErrors,
    isInvalid: isStatus(400),
    isRateLimited: isStatus(429),
    isServerFailure,
  },
}).createMachine({
  id: 'caseStep',
  context: ({ input }) => ({ caseId: input.caseId, kind: input.kind, text: input.draft ?? '', file: null, errors: {} }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing' } },
    editing: {
      on: {
        TEXT: { actions: ['setText', { type: 'saveDraft', params: ({ context }) => ({ text: context.text }) }] },
        FILE: { actions: 'setFile' },
        CLOSE: 'closed',
        SUBMIT: { target: 'checking', actions: 'checkText' },
      },
    },
    checking: { always: [{ guard: 'valid', target: 'confirming' }, { target: 'editing' }] },
    confirming: { on: { CONFIRM: 'submitting', BACK: 'editing' } },
    submitting: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({
          caseId: context.caseId,
          kind: context.kind,
          text: context.text,
          file: context.file,
        }),
        onDone: {
          target: 'closed',
          actions: [
            'clearDraft',
            'toastSuccess',
            { type: 'stepTaken', params: ({ event }) => ({ taken: event.output }) },
          ],
        },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { guard: 'isServerFailure', target: 'editing', actions: 'serverError' },
          { guard: 'isInvalid', target: 'editing', actions: 'showServerErrors' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
  },
});

import { assertEvent, assign, emit, setup } from 'xstate';
import type { FieldErrors } from './api-failure.ts';
import { isOffline, isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import type { ChosenFile } from './files.ts';
import { chooseFile, pdfProblem } from './files.ts';
import {
  changedValues,
  RATE_LIMITED,
  hasNoFieldErrors,
  progressOf,
  serverFieldErrorsOf,
  tooLongIn,
} from './form-parts.ts';
import { FORM_LIMITS } from '../contract/limits.ts';

/** `notify`: the language to be told in by SMS when the bureau answers (the page's own), or '' (issue 22). */
export const COMPLAINT_FIELDS = [
  'name',
  'phone',
  'subject',
  'accused_organizational_part',
  'description',
  'notify',
] as const;
export type ComplaintField = (typeof COMPLAINT_FIELDS)[number];
export type ComplaintValues = Record<ComplaintField, string>;

export interface ComplaintPayload {
  values: ComplaintValues;
  attachment: (ChosenFile & Blob) | null;
  /** Upload progress in whole percents; it becomes a PROGRESS event of this machine. */
  onProgress: (percent: number) => void;
}

/** A complaint kept on the device to be sent when the connection returns (src/letters). */
export type KeptComplaint = Pick<ComplaintPayload, 'values' | 'attachment'>;

const empty = Object.fromEntries(COMPLAINT_FIELDS.map((f) => [f, ''])) as ComplaintValues;

/**
 * The accusation (complaint) form: anonymous allowed; subject and description required;
 * one PDF at most 10 MB, refused before upload otherwise; a progress bar while sending.
 * Success shows the tracking code and clears the form. A failure keeps what was typed
 * (docs/decisions/0005-form-behaviour.md). Sent without a connection, the complaint is
 * kept on the device (`keep`) and the form cleared: it waits there to be sent, and its
 * tracking code shows once it has gone (src/letters).
 */
/** After a complaint is received or kept: a new one begins with whatever the person does first. */
const NEXT_COMPLAINT = {
  CHANGE: { target: 'editing', actions: 'change' },
  PICK_FILE: { target: 'editing', actions: 'pickFile' },
  SUBMIT: { target: 'checking', actions: 'check' },
} as const;

export const complaintMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as {
      values: ComplaintValues;
      attachment: (ChosenFile & Blob) | null;
      errors: FieldErrors;
      progress: number;
      trackingCode: string | null;
    },
    events: {} as
      | { type: 'CHANGE'; field: ComplaintField; value: string }
      | { type: 'PICK_FILE'; file: (ChosenFile & Blob) | null }
      | { type: 'PROGRESS'; percent: number }
      | { type: 'SUBMIT' }
      | { type: 'CANCEL' },
    emitted: {} as Emitted,
  },
  actors: {
    submit: notProvided<{ tracking_code: string }, ComplaintPayload>('submit'),
    keep: notProvided<void, KeptComplaint>('keep'),
  },
  actions: {
    change: assign({ values: changedValues }),
    pickFile: assign(({ context, event }) => {
      assertEvent(event, 'PICK_FILE');
      const { file, errors } = chooseFile(context.errors, 'attachment', event.file, pdfProblem);
      return { attachment: file, errors };
    }),
    check: assign({
      errors: ({ context }) => {
        // Every text's limit (the complaint schema's, FORM_LIMITS); then what is required.
        const errors: FieldErrors = tooLongIn(FORM_LIMITS.complaint, context.values);
        if (!context.values.subject.trim()) errors.subject = { code: 'required' };
        if (!context.values.description.trim()) errors.description = { code: 'required' };
        return errors;
      },
    }),
    progress: assign({ progress: progressOf }),
    resetProgress: assign({ progress: 0 }),
    received: assign({ trackingCode: (_, params: { trackingCode: string }) => params.trackingCode }),
    clearForm: assign({ values: empty, attachment: null, errors: {} }),
    serverFieldErrors: assign({ errors: serverFieldErrorsOf }),
    goBack: emit({ type: 'navigate', to: 'home' }),
    rateLimited: emit(RATE_LIMITED),
    toastFailure: emit(failureToast('errors.network')),
  },
  guards: {
    valid: hasNoFieldErrors,
    isRateLimited: isStatus(429),
    isOffline,
  },
}).createMachine({
  id: 'complaint',
  context: { values: empty, attachment: null, errors: {}, progress: 0, trackingCode: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        PICK_FILE: { actions: 'pickFile' },
        SUBMIT: { target: 'checking', actions: 'check' },
        CANCEL: { actions: 'goBack' },
      },
    },
    checking: { always: [{ guard: 'valid', target: 'submitting' }, { target: 'editing' }] },
    submitting: {
      entry: 'resetProgress',
      on: { PROGRESS: { actions: 'progress' } },
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context, self }) => ({
          values: context.values,
          attachment: context.attachment,
          onProgress: (percent: number) => self.send({ type: 'PROGRESS', percent }),
        }),
        onDone: {
          target: 'received',
          actions: [
            { type: 'received', params: ({ event }) => ({ trackingCode: event.output.tracking_code }) },
            'clearForm',
          ],
        },
        onError: [
          { guard: 'isOffline', target: 'keeping' },
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { target: 'editing', actions: ['serverFieldErrors', 'toastFailure'] },
        ],
      },
    },
    // The next complaint starts here, typed or with its file first, or sent at once (to show what is missing).
    received: { on: NEXT_COMPLAINT },
    keeping: {
      invoke: {
        id: 'keep',
        src: 'keep',
        input: ({ context }) => ({ values: context.values, attachment: context.attachment }),
        onDone: { target: 'kept', actions: 'clearForm' },
        // The device could not keep it (no storage): everything typed stays, to send later.
        onError: { target: 'editing', actions: 'toastFailure' },
      },
    },
    kept: { on: NEXT_COMPLAINT },
  },
});

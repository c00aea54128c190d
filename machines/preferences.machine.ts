import type { Messages } from '../contract/common.ts';
import type { LanCode } from '../contract/languages.ts';
import type { NotificationPreferences } from '../contract/entities.ts';
import type { PreferencesProblem } from '../contract/preferences.ts';
import { preferencesProblem } from '../contract/preferences.ts';
import { phoneKey } from '../contract/phone.ts';
import { assertEvent, assign, emit, setup } from 'xstate';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast, successToast } from './emitted.ts';
import { RATE_LIMITED } from './form-parts.ts';

/** The choices as the customer is making them. */
export interface PreferencesForm {
  email: boolean;
  sms: boolean;
  language: LanCode;
}

export interface PreferencesContext {
  /** The preferences as the server last said they are. */
  saved: NotificationPreferences | null;
  form: PreferencesForm;
  /** The code typed from the SMS. */
  code: string;
  /** A new mobile number being typed (issue 48): it replaces the one on file once the code sent to it is typed back. */
  newPhone: string;
  /** Where the code went: the new number, or null for the number on file. */
  codeFor: string | null;
  /** The new number is not one the portal can text (the contract's rule, the server's too). */
  phoneProblem: 'notPhone' | null;
  /** Why the choice cannot be saved, said next to it (the contract's rule, the server's too). */
  problem: PreferencesProblem | null;
}

export type PreferencesEvent =
  | { type: 'CHOOSE'; channel: 'email' | 'sms'; on: boolean }
  | { type: 'LANGUAGE'; value: LanCode }
  | { type: 'SAVE' }
  | { type: 'SEND_CODE' }
  | { type: 'NEW_PHONE'; value: string }
  | { type: 'SEND_CODE_TO_NEW' }
  | { type: 'CODE'; value: string }
  | { type: 'VERIFY' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

type Saved = Messages & { preferences: NotificationPreferences };

/** Whether the choices on screen differ from what the server holds: the screen marks them "not saved yet". */
export function unsaved(form: PreferencesForm, saved: NotificationPreferences | null): boolean {
  return !!saved && (form.email !== saved.email || form.sms !== saved.sms || form.language !== saved.language);
}

/**
 * The customer's notification preferences on the profile page (issue 22): the channels and
 * the language of their messages; SMS only once the phone number is proved with a code sent
 * to it by SMS. What was chosen stays through a failure and through the code's round trip;
 * once the phone is proved, a choice that waited for it is saved; a choice not saved is marked.
 * The mobile number itself changes the same way (issue 48): a code goes to the new number, and
 * the number on file is the new one only once that code is typed back.
 */
export const preferencesMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: { context: {} as PreferencesContext, events: {} as PreferencesEvent, emitted: {} as Emitted },
  actors: {
    load: notProvided<NotificationPreferences>('load'),
    save: notProvided<Saved, PreferencesForm>('save'),
    sendCode: notProvided<Messages, { phone?: string }>('sendCode'),
    verifyCode: notProvided<Saved, { code: string }>('verifyCode'),
  },
  actions: {
    adoptLoaded: assign((_, saved: NotificationPreferences) => ({
      saved,
      form: { email: saved.email, sms: saved.sms, language: saved.language },
      problem: null,
    })),
    /** After a save or a verification: the server's word, with the choices not yet saved kept. */
    adoptSaved: assign({ saved: (_, params: { saved: NotificationPreferences }) => params.saved, problem: null }),
    choose: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'CHOOSE');
        return { ...context.form, [event.channel]: event.on };
      },
      problem: null,
    }),
    language: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'LANGUAGE');
        return { ...context.form, language: event.value };
      },
    }),
    typeCode: assign({
      code: ({ event }) => {
        assertEvent(event, 'CODE');
        return event.value;
      },
    }),
    clearCode: assign({ code: '' }),
    typeNewPhone: assign({
      newPhone: ({ event }) => {
        assertEvent(event, 'NEW_PHONE');
        return event.value;
      },
      phoneProblem: null,
    }),
    notePhoneProblem: assign({ phoneProblem: 'notPhone' }),
    codeToFile: assign({ codeFor: null }),
    codeToNew: assign({ codeFor: ({ context }) => context.newPhone.trim() }),
    /** The number changed: nothing of the new one is left to type. */
    clearNewPhone: assign({ newPhone: '', codeFor: null }),
    noteProblem: assign({
      problem: ({ context }) => preferencesProblem(context.form, context.saved?.phone_verified ?? false),
    }),
    toastSuccess: emit(successToast),
    toastFailure: emit(failureToast('errors.unexpected')),
    rateLimited: emit(RATE_LIMITED),
  },
  guards: {
    cannotSave: ({ context }) => preferencesProblem(context.form, context.saved?.phone_verified ?? false) !== null,
    /** The phone just proved, a choice on screen waits to be saved and now can be (SMS ticked before the code). */
    choiceWaits: ({ context }, now: NotificationPreferences) =>
      unsaved(context.form, now) && preferencesProblem(context.form, now.phone_verified) === null,
    isRateLimited: isStatus(429),
    /** The new number typed is no number the portal can compare and text (contract/phone.ts). */
    newPhoneInvalid: ({ context }) => phoneKey(context.newPhone) === null,
  },
}).createMachine({
  id: 'preferences',
  context: {
    saved: null,
    form: { email: true, sms: false, language: 'Am' },
    code: '',
    newPhone: '',
    codeFor: null,
    phoneProblem: null,
    problem: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: { type: 'adoptLoaded', params: ({ event }) => event.output } },
        onError: [{ guard: 'isRateLimited', target: 'limitError', actions: 'rateLimited' }, { target: 'error' }],
      },
    },
    // Named as the loader's are, so that the page's LoadStatus says each (the wait, or Try again).
    error: { on: { RETRY: 'loading' } },
    limitError: { on: { RETRY: 'loading' } },
    editing: {
      on: {
        CHOOSE: { actions: 'choose' },
        LANGUAGE: { actions: 'language' },
        SAVE: [{ guard: 'cannotSave', actions: 'noteProblem' }, { target: 'saving' }],
        SEND_CODE: { target: 'sendingCode', actions: 'codeToFile' },
        NEW_PHONE: { actions: 'typeNewPhone' },
        SEND_CODE_TO_NEW: [
          { guard: 'newPhoneInvalid', actions: 'notePhoneProblem' },
          { target: 'sendingCode', actions: 'codeToNew' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.form,
        onDone: {
          target: 'editing',
          actions: [
            { type: 'adoptSaved', params: ({ event }) => ({ saved: event.output.preferences }) },
            'toastSuccess',
          ],
        },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    sendingCode: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => (context.codeFor ? { phone: context.codeFor } : {}),
        onDone: { target: 'enteringCode', actions: ['clearCode', 'toastSuccess'] },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'rateLimited' },
          { target: 'editing', actions: 'toastFailure' },
        ],
      },
    },
    enteringCode: {
      on: {
        CODE: { actions: 'typeCode' },
        VERIFY: 'checkingCode',
        SEND_CODE: 'sendingCode',
        CANCEL: 'editing',
      },
    },
    checkingCode: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        // Proved: a choice that waited for it (SMS) is saved at once, so that what shows is what holds.
        onDone: [
          {
            guard: { type: 'choiceWaits', params: ({ event }) => event.output.preferences },
            target: 'saving',
            actions: [
              { type: 'adoptSaved', params: ({ event }) => ({ saved: event.output.preferences }) },
              'clearCode',
              'clearNewPhone',
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'adoptSaved', params: ({ event }) => ({ saved: event.output.preferences }) },
              'clearCode',
              'clearNewPhone',
              'toastSuccess',
            ],
          },
        ],
        onError: [
          { guard: 'isRateLimited', target: 'enteringCode', actions: 'rateLimited' },
          { target: 'enteringCode', actions: 'toastFailure' },
        ],
      },
    },
  },
});

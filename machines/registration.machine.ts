import { assertEvent, assign, emit, setup } from 'xstate';
import type { CustomerField } from '../contract/customer-fields.ts';
import { CUSTOMER_FIELD_ROWS, CUSTOMER_FIELD_NAMES, REQUIRED_CUSTOMER_FIELDS } from '../contract/customer-fields.ts';
import { FORM_LIMITS, maxLength } from '../contract/limits.ts';
import { phoneKey } from '../contract/phone.ts';
import type { FieldErrors } from './api-failure.ts';
import { isStatus } from './api-failure.ts';
import { notProvided } from './not-provided.ts';
import type { Emitted } from './emitted.ts';
import { failureToast } from './emitted.ts';
import type { ChosenFile } from './files.ts';
import { chooseFile, pictureProblem } from './files.ts';
import { changedValues, hasNoFieldErrors, rateLimitedSaying, serverFieldErrorsOf, tooLongIn } from './form-parts.ts';

/** The customer's fields (contract/customer-fields.ts), then the password and its confirmation. */
export const REGISTRATION_FIELDS = [...CUSTOMER_FIELD_NAMES, 'password', 'confirmPassword'] as const;
export type RegistrationField = CustomerField | 'password' | 'confirmPassword';
export type RegistrationValues = Record<RegistrationField, string>;

const REQUIRED: RegistrationField[] = [...REQUIRED_CUSTOMER_FIELDS, 'password', 'confirmPassword'];

/**
 * The checks before sending (spec section 5): each limited field fails at `length >= limit`
 * with "must be at most limit - 1 characters"; required fields; password and confirmation match.
 */
export function registrationErrors(values: RegistrationValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED) if (!values[field].trim()) errors[field] = { code: 'required' };
  for (const field of CUSTOMER_FIELD_NAMES) {
    const { limit } = CUSTOMER_FIELD_ROWS[field];
    // The spec's check fails at the limit itself: the message says the longest that passes (ADR 0005).
    if (limit !== undefined && values[field].length >= limit)
      errors[field] = { code: 'tooLong', limit: maxLength(limit) };
  }
  // A number the portal can compare and text (the server's check too); past its limit it says that instead.
  if (values.phone.trim() && !errors.phone && phoneKey(values.phone) === null) errors.phone = { code: 'notPhone' };
  if (values.password && values.confirmPassword && values.password !== values.confirmPassword)
    errors.confirmPassword = { code: 'mismatch' };
  // The e-mail address and the password (the registration schema's limits, FORM_LIMITS).
  return { ...tooLongIn(FORM_LIMITS.registration, values), ...errors };
}

export interface RegistrationPayload {
  values: Omit<RegistrationValues, 'confirmPassword'>;
  picture: (ChosenFile & Blob) | null;
}

interface Context {
  values: RegistrationValues;
  picture: (ChosenFile & Blob) | null;
  errors: FieldErrors;
}

const empty = Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, ''])) as RegistrationValues;

/**
 * Registration: editing -> (checks) -> submitting -> done. Success turns the otp flag on
 * and goes to the verification screen with the email; failure turns it off; 429 starts
 * the lockout. Nothing typed is lost on any failure.
 */
export const registrationMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is for TypeScript alone; XState reads nothing of it at run time.
  types: {
    context: {} as Context,
    events: {} as
      | { type: 'CHANGE'; field: RegistrationField; value: string }
      | { type: 'PICK_PICTURE'; file: (ChosenFile & Blob) | null }
      | { type: 'SUBMIT' },
    emitted: {} as Emitted,
  },
  actors: {
    register: notProvided<{ email: string; registration?: string }, RegistrationPayload>('register'),
  },
  actions: {
    change: assign({ values: changedValues }),
    pickPicture: assign(({ context, event }) => {
      assertEvent(event, 'PICK_PICTURE');
      const { file, errors } = chooseFile(context.errors, 'picture', event.file, pictureProblem);
      return { picture: file, errors };
    }),
    check: assign({ errors: ({ context }) => registrationErrors(context.values) }),
    serverFieldErrors: assign({ errors: serverFieldErrorsOf }),
    otpOn: emit({ type: 'otpFlag', on: true }),
    otpOff: emit({ type: 'otpFlag', on: false }),
    // With the registration the server named: "resend" asks a code for this registration only (ADR 0020).
    goToVerification: emit(({ context }, params: { registration: string | undefined }) => ({
      type: 'navigate',
      to: 'verifyEmail',
      state: {
        email: context.values.email.trim(),
        ...(params.registration ? { registration: params.registration } : {}),
      },
    })),
    // The spec's words for a refused registration, where every other form says how long to wait.
    rateLimited: emit(rateLimitedSaying('errors.tooManyAttempts')),
    toastFailure: emit(failureToast('errors.network')),
  },
  guards: {
    valid: hasNoFieldErrors,
    isRateLimited: isStatus(429),
  },
}).createMachine({
  id: 'registration',
  context: { values: empty, picture: null, errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: { actions: 'change' },
        PICK_PICTURE: { actions: 'pickPicture' },
        SUBMIT: { target: 'checking', actions: 'check' },
      },
    },
    checking: {
      always: [{ guard: 'valid', target: 'submitting' }, { target: 'editing' }],
    },
    submitting: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => {
          const { confirmPassword: _c, ...values } = context.values;
          return { values, picture: context.picture };
        },
        onDone: {
          target: 'done',
          actions: [
            'otpOn',
            { type: 'goToVerification', params: ({ event }) => ({ registration: event.output.registration }) },
          ],
        },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: ['otpOff', 'rateLimited'] },
          { target: 'editing', actions: ['otpOff', 'serverFieldErrors', 'toastFailure'] },
        ],
      },
    },
    done: { type: 'final' },
  },
});

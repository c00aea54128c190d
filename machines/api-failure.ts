import type { Messages } from '../contract/common.ts';
import type { FieldErrorCode } from '../contract/rules.ts';
import { isFieldErrorCode } from '../contract/rules.ts';

/** How a failed call reaches a machine: the HTTP status (0: no answer) and the server's messages. */
export interface ApiFailure {
  status: number;
  messages: Messages | null;
  /** Field codes of a 400, keyed by field name. */
  fields: Record<string, string>;
  /** The limit of each field that was too long or too short, as the server gave it. */
  limits?: Record<string, number>;
  /** No answer because the device has no connection (status 0). */
  offline?: boolean;
  /** A 429's Retry-After, in seconds (read by RATE_LIMITED, machines/emitted.ts). */
  retryAfter?: number;
  /** An unverified account's login with the right password: its pending registration (ADR 0029). */
  registration?: string;
}

export const failureOf = (error: unknown): ApiFailure => {
  const e = error as Partial<ApiFailure> | undefined;
  return {
    status: typeof e?.status === 'number' ? e.status : 0,
    messages: e?.messages ?? null,
    fields: e?.fields ?? {},
    limits: e?.limits ?? {},
    offline: e?.offline === true,
    ...(typeof e?.registration === 'string' ? { registration: e.registration } : {}),
  };
};

/** The guards every form shares, on an `xstate.error.actor.*` event. */
export const isStatus =
  (status: number) =>
  ({ event }: { event: unknown }) =>
    failureOf((event as { error?: unknown }).error).status === status;
/** Sent while the device had no connection: it can be kept on the device and sent later (src/letters). */
export const isOffline = ({ event }: { event: unknown }) =>
  failureOf((event as { error?: unknown }).error).offline === true;
export const isServerFailure = ({ event }: { event: unknown }) => {
  const status = failureOf((event as { error?: unknown }).error).status;
  return status === 0 || status >= 500;
};

/** A field's problem, for the error summary and the message next to the field. */
export interface FieldError {
  code: FieldErrorCode;
  limit?: number;
}
export type FieldErrors = Record<string, FieldError>;

/** The server's field codes, the contract's own: any other (a schema's) is `invalid`; a field too long or too short carries the limit the server gave. */
export function fieldErrorsOf(failure: ApiFailure): FieldErrors {
  return Object.fromEntries(
    Object.entries(failure.fields).map(([field, code]) => {
      const limit = failure.limits?.[field];
      return [
        field,
        {
          code: isFieldErrorCode(code) ? code : 'invalid',
          ...(limit !== undefined ? { limit } : {}),
        },
      ];
    }),
  );
}

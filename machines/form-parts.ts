import type { Messages } from '../contract/common.ts';
import type { AnyEventObject } from 'xstate';
import { assertEvent } from 'xstate';
import type { FieldErrors } from './api-failure.ts';
import { failureOf, fieldErrorsOf } from './api-failure.ts';

/**
 * What the form machines share, written once: each machine names them in its own `setup`
 * (the names are what the diagrams show), the logic is here.
 */

/** The values after a CHANGE: the one field set to what was typed. */
export const changedValues = <V extends object>({
  context,
  event,
}: {
  context: { values: V };
  event: AnyEventObject;
}): V => {
  assertEvent(event, 'CHANGE');
  return { ...context.values, [event.field as string]: event.value as unknown };
};

/**
 * The fields longer than their form's limits allow (contract/limits.ts `FORM_LIMITS`, which the
 * server's schemas are written with), each with its limit: checked before sending.
 */
export function tooLongIn<F extends string>(
  maxima: Readonly<Record<F, number>>,
  values: NoInfer<Partial<Record<F, string>>>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, max] of Object.entries(maxima) as [F, number][])
    if ((values[field] ?? '').length > max) errors[field] = { code: 'tooLong', limit: max };
  return errors;
}

/**
 * The server's words for a refusal that needs the person to act (a wrong password, a wrong
 * code): kept in the context and said beside the field until they change it, not only in a
 * toast that goes after 5 seconds.
 */
export const refusalOf = ({ event }: { event: unknown }): Messages | null =>
  failureOf((event as { error?: unknown }).error).messages;

/** The field errors a refused call answered (a 400's `fields`, in the contract's codes). */
export const serverFieldErrorsOf = ({ event }: { event: unknown }): FieldErrors =>
  fieldErrorsOf(failureOf((event as { error?: unknown }).error));

/** No field error left: the form may go on. */
export const hasNoFieldErrors = ({ context }: { context: { errors: object } }): boolean =>
  Object.keys(context.errors).length === 0;

export { RATE_LIMITED, rateLimitedSaying } from './emitted.ts';

/** How far an upload has gone, from a PROGRESS event. */
export const progressOf = ({ event }: { event: AnyEventObject }): number => {
  assertEvent(event, 'PROGRESS');
  return event.percent as number;
};

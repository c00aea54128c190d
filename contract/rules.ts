import type { Division, Question } from './entities.ts';
import { ACTIVE } from './statuses.ts';
import { TEXT_LIMITS } from './limits.ts';

/**
 * The rules both halves apply: the SPA's machines to answer at once, the server to decide.
 * Each is written here once (docs/architecture.md). A case's own rules, which only the case
 * screens need, are in contract/case-rules.ts: what this module holds travels with the
 * landing page's first script.
 */

/**
 * What can be wrong with a field: the codes of a 400's `fields` and of the forms' own
 * checks, translated by the SPA (`errors.<code>`). `mismatch` (a retyped password) is the
 * SPA's alone; `unknown` (a question the case type lacks) and `unexpected` (a file part the
 * endpoint does not take) are the server's alone.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'tooLong',
  'tooShort',
  'invalid',
  /** Not a phone number the portal can compare and text (contract/phone.ts). */
  'notPhone',
  'notANumber',
  'mismatch',
  'notPdf',
  'notImage',
  'emptyFile',
  'fileTooLarge',
  /** A division chosen that has no case request open now (the SPA's alone). */
  'noneOpen',
  /** A case number no case has (the lookup's, the SPA's alone: the server answers 404). */
  'notFound',
  'unknown',
  'unexpected',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
export const isFieldErrorCode = (code: string): code is FieldErrorCode =>
  (FIELD_ERROR_CODES as readonly string[]).includes(code);

/** A division one can apply to and that the Services grid lists: active, and not special (spec section 2). */
export const isOpenDivision = (d: Pick<Division, 'status' | 'special'>): boolean =>
  d.status === ACTIVE && d.special === 'no';

/** A case request one can apply for: active, of that division. */
export const isOpenRequest = (c: { status: string; division: { _id: string } }, division: string): boolean =>
  c.status === ACTIVE && c.division._id === division;

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * What is wrong with one answer to a question, or null. Answers are compared trimmed;
 * an empty answer is wrong only when the question is required.
 */
export function answerProblem(
  q: Pick<Question, 'isRequired' | 'inputType' | 'dataType' | 'enumValues'>,
  raw: string,
): FieldErrorCode | null {
  const answer = raw.trim();
  if (answer === '') return q.isRequired === 'yes' ? 'required' : null;
  if (answer.length > TEXT_LIMITS.answer) return 'tooLong';
  if (q.inputType === 'select') return q.enumValues.some((v) => v._id === answer) ? null : 'invalid';
  if (q.dataType === 'number' && !NUMBER.test(answer)) return 'notANumber';
  return null;
}

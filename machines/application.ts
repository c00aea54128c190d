import type { CaseList, CaseSummary, Division, Question } from '../contract/entities.ts';
import { FORM_LIMITS, TEXT_LIMITS } from '../contract/limits.ts';
import { answerProblem, isOpenDivision, isOpenRequest } from '../contract/rules.ts';
import type { FieldErrors } from './api-failure.ts';
import type { ChosenFile } from './files.ts';
import { tooLongIn } from './form-parts.ts';

/** The application of the apply machine (apply.machine.ts): what it is chosen from, its values, what is sent, and its checks. */

export interface ApplyOptions {
  divisions: Division[];
  caseLists: CaseList[];
  ownCases: CaseSummary[];
}

/** What the customer types; kept as a draft in the browser until submitted or cancelled. */
export interface ApplyValues {
  division: string;
  caselist: string;
  related_case_id: string;
  remark: string;
  answers: Record<string, string>;
}

export interface ApplyPayload {
  values: ApplyValues;
  /** The same for every try of one application, so the server makes one case of them (idempotency key). */
  key: string;
  /** The spec's form: a JSON list of single-entry objects mapping question id to answer. */
  form: Record<string, string>[];
  attachment: (ChosenFile & Blob) | null;
  onProgress: (percent: number) => void;
}

/** An application kept on the device to be sent when the connection returns (src/letters). */
export type KeptApplication = Omit<ApplyPayload, 'onProgress'> & { request: CaseList | undefined };

export const emptyApplication: ApplyValues = {
  division: '',
  caselist: '',
  related_case_id: '',
  remark: '',
  answers: {},
};

/** Divisions one can apply to: active, special 'no' (spec section 2). */
export const openDivisions = (o: ApplyOptions): Division[] => o.divisions.filter(isOpenDivision);
/** The active case requests of a division. */
export const requestsOf = (o: ApplyOptions, division: string): CaseList[] =>
  o.caseLists.filter((c) => isOpenRequest(c, division));
/** A division chosen that has no request open now: nothing to apply for there. */
export const noneOpenIn = (o: ApplyOptions, division: string): boolean =>
  !!division && requestsOf(o, division).length === 0;
export const questionsOf = (o: ApplyOptions, caselist: string): Question[] =>
  o.caseLists.find((c) => c._id === caselist)?.questions ?? [];

/** The checks before the confirmation view: division, request, required and numeric answers, remark. */
export function applicationErrors(o: ApplyOptions, v: ApplyValues): FieldErrors {
  const errors: FieldErrors = {};
  // The requests depend on the division: asked for once a division is chosen, not before.
  if (!openDivisions(o).some((d) => d._id === v.division)) errors.division = { code: 'required' };
  // A division with no request open has no request to choose: said at the division, where the choice is.
  else if (noneOpenIn(o, v.division)) errors.division = { code: 'noneOpen' };
  else if (!requestsOf(o, v.division).some((c) => c._id === v.caselist)) errors.caselist = { code: 'required' };
  for (const q of questionsOf(o, v.caselist)) {
    const problem = answerProblem(q, v.answers[q._id] ?? '');
    if (problem)
      errors[q._id] = problem === 'tooLong' ? { code: problem, limit: TEXT_LIMITS.answer } : { code: problem };
  }
  if (!v.remark.trim()) errors.remark = { code: 'required' };
  // The remark's limit (the create-case schema's, FORM_LIMITS).
  return { ...tooLongIn(FORM_LIMITS.application, v), ...errors };
}

export const formOf = (o: ApplyOptions, v: ApplyValues): Record<string, string>[] =>
  questionsOf(o, v.caselist)
    .filter((q) => (v.answers[q._id] ?? '').trim() !== '')
    .map((q) => ({ [q._id]: (v.answers[q._id] ?? '').trim() }));

import type { EndpointName } from './endpoints.ts';

/**
 * The customer's steps on their own case after filing it (issue 53): one table that the
 * lifecycle (`openSteps`), the step form's check (`stepTextProblem`), the SPA's sender, the
 * step dialog and the server's routes read. For each kind of the case page's step form:
 * - `event`: the case lifecycle's event (contract/case-lifecycle.machine.ts checks it is one);
 * - `endpoint`: the call that takes it, and `field`, the name its text goes under;
 * - `textNeeded`: whether the step needs a text (an answer, a reason) or may go without;
 * - `file`: whether a PDF may go with it;
 * - `closes`: the step closes the case (the page offers it below the others).
 * Its words are `step.<kind>.*` in the SPA's catalogs and its answer in server/cases/steps.ts.
 */
export const CASE_STEPS = {
  answer: {
    event: 'ANSWER_INFO',
    endpoint: 'answerCaseInfo',
    field: 'answer',
    textNeeded: true,
    file: true,
    closes: false,
  },
  withdraw: {
    event: 'WITHDRAW',
    endpoint: 'withdrawCase',
    field: 'reason',
    textNeeded: false,
    file: false,
    closes: true,
  },
  appeal: { event: 'APPEAL', endpoint: 'appealCase', field: 'reason', textNeeded: true, file: true, closes: false },
} as const satisfies Record<
  string,
  { event: string; endpoint: EndpointName; field: string; textNeeded: boolean; file: boolean; closes: boolean }
>;

export type CaseStepKind = keyof typeof CASE_STEPS;
export const CASE_STEP_KINDS = Object.keys(CASE_STEPS) as CaseStepKind[];

/** The application being written (src/screens/apply). */
export const APPLY_DRAFT_KEY = 'applyDraft';
/** The text of a step being written on a case (answer, withdraw, appeal: src/screens/case-detail/step-dialog.tsx). */
export const stepDraftKey = (caseId: string, kind: string) => `stepDraft:${caseId}:${kind}`;

/** The drafts this tab holds: what a person is writing, kept through an expiry for its own customer, never for another. */
export function draftKeys(): string[] {
  return Object.keys(sessionStorage).filter((k) => k === APPLY_DRAFT_KEY || k.startsWith('stepDraft:'));
}

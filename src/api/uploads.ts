import { IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { KeptComplaint, AccusationPayload } from '../../machines/accusation.machine.ts';
import type { ApplyPayload, KeptApplication } from '../../machines/apply.machine.ts';
import type { CaseStepPayload } from '../../machines/case-step.machine.ts';
import type { RegistrationPayload } from '../../machines/registration.machine.ts';
import { call, upload } from './client.ts';

/**
 * The multipart calls, one function each: what goes into each payload is decided here, not
 * in the screens. Text is sent trimmed, empty fields are left out where the server takes
 * their absence as empty.
 */

/** create_case: the application, one idempotency key for every try of it. */
export const sendApplication = (input: ApplyPayload) => upload('createCase', applicationForm(input), input.onProgress, { [IDEMPOTENCY_HEADER]: input.key });

/** The application's form, as sent now or kept to send later (src/outbox). */
export function applicationForm(input: Omit<KeptApplication, 'request'>): FormData {
  const form = new FormData();
  form.append('division', input.values.division);
  form.append('caselist', input.values.caselist);
  form.append('form', JSON.stringify(input.form));
  form.append('remark', input.values.remark.trim());
  form.append('related_case_id', input.values.related_case_id);
  if (input.attachment) form.append('attachment', input.attachment);
  return form;
}

/** create_customer_user: the registration, in the language the customer chose for their messages. */
export function sendRegistration(input: RegistrationPayload, preferredLanguage: string) {
  const form = new FormData();
  // Passwords are sent as typed: a space is a character of the password like any other.
  for (const [k, v] of Object.entries(input.values)) if (v) form.append(k, k === 'password' ? v : v.trim());
  form.append('preferred_language', preferredLanguage);
  if (input.picture) form.append('picture', input.picture);
  return upload('createCustomerUser', form, () => undefined);
}

/** create_accusation: the complaint, anonymous when its name and phone are left empty. */
export const sendComplaint = (input: AccusationPayload) => upload('createAccusation', complaintForm(input), input.onProgress);

/** The complaint's form, as sent now or kept to send later (src/outbox). */
export function complaintForm(input: KeptComplaint): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(input.values)) if (v.trim()) form.append(k, v.trim());
  if (input.attachment) form.append('attachment', input.attachment);
  return form;
}

/** A step of the customer on their case: an answer or an appeal (multipart, a PDF perhaps), or a withdrawal. */
export function sendCaseStep(input: CaseStepPayload) {
  const params = { id: input.caseId };
  if (input.kind === 'withdraw') return call('withdrawCase', { params, body: input.text.trim() ? { reason: input.text.trim() } : {} });
  const form = new FormData();
  form.append(input.kind === 'answer' ? 'answer' : 'reason', input.text.trim());
  if (input.file) form.append('attachment', input.file);
  return upload(input.kind === 'answer' ? 'answerCaseInfo' : 'appealCase', form, () => undefined, {}, params);
}

import { IDEMPOTENCY_HEADER } from '../../contract/endpoints.ts';
import type { KeptComplaint, ComplaintPayload } from '../../machines/complaint.machine.ts';
import type { ApplyPayload, KeptApplication } from '../../machines/apply.machine.ts';
import type { CaseStepKind } from '../../contract/case-steps.ts';
import type { CaseStepResult } from '../../contract/cases/answers.ts';
import type { CaseStepPayload } from '../../machines/case-step.machine.ts';
import type { RegistrationPayload } from '../../machines/registration.machine.ts';
import type { Multipart, UploadName } from './client.ts';
import { decodeToken } from '../../machines/session.machine.ts';
import { call, sessionToken, upload } from './client.ts';

/** A multipart payload whose part names are the contract's: text fields (left out when undefined) and files (left out when absent). */
export function multipart<K extends UploadName>(
  _name: K,
  fields: { [F in keyof Multipart<K>['fields']]?: string },
  files: { [F in Multipart<K>['files'] & string]?: Blob | null } = {},
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') form.append(k, v);
  for (const [k, v] of Object.entries(files)) if (v) form.append(k, v as Blob);
  return form;
}

/**
 * The multipart calls, one function each: what goes into each payload is decided here, not
 * in the screens. Text is sent trimmed, empty fields are left out where the server takes
 * their absence as empty.
 */

/** create_case: the application, one idempotency key for every try of it. */
export const sendApplication = (input: ApplyPayload) =>
  upload('createCase', applicationForm(input), input.onProgress, { [IDEMPOTENCY_HEADER]: input.key });

/** The application's form, as sent now or kept to send later (src/letters). */
export function applicationForm(input: Omit<KeptApplication, 'request'>): FormData {
  const { division, caselist, remark, related_case_id } = input.values;
  return multipart(
    'createCase',
    { division, caselist, form: JSON.stringify(input.form), remark: remark.trim(), related_case_id },
    { attachment: input.attachment },
  );
}

/** create_customer_user: the registration, in the language the customer chose for their messages. */
export function sendRegistration(input: RegistrationPayload, preferredLanguage: string) {
  // Passwords are sent as typed: a space is a character of the password like any other.
  const { password, ...rest } = input.values;
  const trimmed = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v.trim() || undefined])) as typeof rest;
  const form = multipart(
    'createCustomerUser',
    { ...trimmed, password: password || undefined, preferred_language: preferredLanguage },
    { picture: input.picture },
  );
  return upload('createCustomerUser', form, () => undefined);
}

/** create_accusation: the complaint, anonymous when its name and phone are left empty. */
export const sendComplaint = (input: ComplaintPayload) =>
  upload('createAccusation', complaintForm(input), input.onProgress);

/** The complaint's form, as sent now or kept to send later (src/letters). */
export function complaintForm(input: KeptComplaint): FormData {
  const trimmed = Object.fromEntries(
    Object.entries(input.values).map(([k, v]) => [k, v.trim() || undefined]),
  ) as typeof input.values;
  return multipart('createAccusation', trimmed, { attachment: input.attachment });
}

/**
 * How each of the customer's steps goes (contract/case-steps.ts): to its endpoint, its text
 * under its field, with its PDF where it takes one. A kind the table gains and this map lacks
 * does not compile; a kind sent to another kind's endpoint does not either.
 */
const STEP_SENDERS: {
  [K in CaseStepKind]: (text: string, file: File | null, params: { id: string }) => Promise<CaseStepResult>;
} = {
  answer: (answer, attachment, params) =>
    upload('answerCaseInfo', multipart('answerCaseInfo', { answer }, { attachment }), () => undefined, {}, params),
  withdraw: (reason, _file, params) => call('withdrawCase', { params, body: reason ? { reason } : {} }),
  appeal: (reason, attachment, params) =>
    upload('appealCase', multipart('appealCase', { reason }, { attachment }), () => undefined, {}, params),
};

/** A step of the customer on their case: an answer or an appeal (multipart, a PDF perhaps), or a withdrawal. */
export const sendCaseStep = (input: CaseStepPayload): Promise<CaseStepResult> =>
  STEP_SENDERS[input.kind](input.text.trim(), input.file, { id: input.caseId });

/**
 * Kept on this device to be sent when the connection is back (src/letters, loaded only when
 * needed): an application with this session's token, for this customer only.
 */
export async function keepApplication(input: KeptApplication, label: string): Promise<void> {
  const letters = await import('../letters/letters.ts');
  const token = sessionToken();
  await letters.keep({
    kind: 'application',
    owner: decodeToken(token)?.user.id ?? null,
    token,
    label,
    key: input.key,
    form: applicationForm(input),
  });
}

/** A complaint kept on this device: anyone's, so it carries no session. */
export async function keepComplaint(input: KeptComplaint): Promise<void> {
  const letters = await import('../letters/letters.ts');
  await letters.keep({
    kind: 'complaint',
    owner: null,
    token: null,
    label: input.values.subject.trim(),
    form: complaintForm(input),
  });
}

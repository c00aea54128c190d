import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Messages } from '../../contract/common.ts';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../contract/endpoints.ts';
import { ATTACHMENT_MAX_BYTES, TEXT_LIMITS } from '../../contract/limits.ts';
import type { ComplaintFields } from '../../contract/feedback/requests.ts';
import type { ComplaintStatus } from '../../contract/feedback/answers.ts';
import type { Context } from '../context.ts';
import type { StaffRole } from '../../contract/case-lifecycle.machine.ts';
import { actsAs } from '../../contract/case-lifecycle.machine.ts';
import { actingStaff, onlyBy } from '../cases/staff/staff.ts';
import type { Queryable } from '../db/client.ts';
import { badRequest, notFound } from '../runtime/errors.ts';
import { langOf, message } from '../texts/messages.ts';
import { smsNumberOf } from '../notify/sms.ts';
import { isStopped } from '../notify/repository.ts';
import { complaintAnsweredSms } from '../notify/templates.ts';
import { MEDIA_PATHS, paths } from '../../contract/paths.ts';
import { linkedName } from '../adapters/file-links.ts';
import type { Staged } from '../adapters/storage.ts';
import {
  codeOfKey,
  complaintOfCode,
  insertComplaint,
  latestComplaints,
  markAnswered,
  markUnderReview,
  toComplaintStatus,
} from './repository.ts';

/** Characters of a tracking code: no 0/O or 1/I to confuse; 32 of them, so 5 bits each. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 13 characters: 65 bits, so that guessing someone's code is hopeless (issue 19 asks >= 64). */
const CODE_LENGTH = 13;

/** A code the complainant can quote without giving a name (256 is a multiple of 32: no bias). */
function trackingCode(): string {
  return `ACC-${[...randomBytes(CODE_LENGTH)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

const filed = (code: string) => ({ ...message('complaintFiled', { tracking_code: code }), tracking_code: code });

/** The tracking code an earlier try with the same idempotency key got, if any. */
const earlierCode = (ctx: Context, key: string | undefined) => (key ? codeOfKey(ctx.db, key) : Promise.resolve(null));

export async function fileComplaint(
  ctx: Context,
  fields: ComplaintFields,
  attachment: Staged | undefined,
  key?: string,
): Promise<Messages & { tracking_code: string }> {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
    throw badRequest('validation', { [IDEMPOTENCY_HEADER]: 'invalid' });
  // An SMS when the bureau answers needs a number that can receive one.
  if (fields.notify && !smsNumberOf(ctx.config.smsReach, fields.phone ?? ''))
    throw badRequest('validation', { phone: fields.phone ? 'invalid' : 'required' });
  const earlier = await earlierCode(ctx, key);
  if (earlier) return filed(earlier);
  const code = trackingCode();
  try {
    await ctx.storage.keep(attachment, async (q) => {
      await insertComplaint(q, {
        id: randomUUID(),
        tracking_code: code,
        name: fields.name || null,
        phone: fields.phone || null,
        subject: fields.subject,
        description: fields.description,
        accused_organizational_part: fields.accused_organizational_part || null,
        attachment: attachment?.name ?? null,
        idempotency_key: key ?? null,
        notify_lang: fields.notify || null,
      });
    });
  } catch (error) {
    // A concurrent try with the same key was filed first: its code is the answer.
    const sameKey = (error as { code?: string }).code === '23505' ? await earlierCode(ctx, key) : null;
    if (sameKey) return filed(sameKey);
    throw error;
  }
  return filed(code);
}

/** A complaint by its tracking code, as anyone holding the code sees it: its state and the answer, nothing of the complainant. */
export async function complaintByCode(ctx: Context, code: string): Promise<ComplaintStatus> {
  const row = await complaintOfCode(ctx.db, code.trim().toUpperCase());
  if (!row) throw notFound('complaintNotFound');
  const found = toComplaintStatus(row);
  // The answer's PDF by a link of minutes (issue 48): its address alone opens nothing later.
  return found.answer_file
    ? { ...found, answer_file: linkedName(ctx.config.jwtSecret, MEDIA_PATHS.root, found.answer_file) }
    : found;
}

export class ComplaintError extends Error {
  override name = 'ComplaintError';
}

/** The latest complaints, for staff (the command line): code, state, date and subject. */
export async function listComplaints(ctx: Context, status?: string) {
  return latestComplaints(ctx.db, status);
}

/** The role that reviews and answers complaints (ADR 0038); who did is kept with the complaint. */
export const COMPLAINT_ROLE: StaffRole = 'accusation_acceptor';

/** The one who acts, read in the step's own transaction, and refused unless they review complaints. */
async function acceptor(q: Queryable, staffId: string): Promise<void> {
  const by = await actingStaff(q, staffId);
  if (!actsAs(by, COMPLAINT_ROLE)) throw new ComplaintError(onlyBy(COMPLAINT_ROLE, by));
}

/** Staff take a received complaint up: its page says it is under review. */
export async function reviewComplaint(ctx: Context, code: string, staffId: string): Promise<void> {
  await ctx.db.tx(async (q) => {
    await acceptor(q, staffId);
    if (!(await markUnderReview(q, code.trim().toUpperCase(), staffId)))
      throw new ComplaintError(`No received complaint ${code}.`);
  });
}

/** Staff answer a complaint (text, and a PDF perhaps): its page shows the answer. Answered once. */
export async function answerComplaint(
  ctx: Context,
  code: string,
  staffId: string,
  text: string,
  file?: string,
): Promise<void> {
  if (!text.trim()) throw new ComplaintError('An answer needs its text (--text).');
  if (text.trim().length > TEXT_LIMITS.justification)
    throw new ComplaintError(`An answer is at most ${TEXT_LIMITS.justification} characters.`);
  const staged = file
    ? await ctx.storage.stage(
        createReadStream(file),
        { kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required: true },
        'root',
      )
    : undefined;
  await ctx.storage.keep(staged, async (q) => {
    await acceptor(q, staffId);
    const answered = await markAnswered(q, code.trim().toUpperCase(), text.trim(), staged?.name ?? null, staffId);
    if (!answered) throw new ComplaintError(`No complaint ${code} waiting for an answer.`);
    // The complainant asked to be told: the tracking code, the answer's first words and its page.
    // A number that sent STOP gets nothing: the complainant looks the code up instead.
    const number = answered.notify_lang ? smsNumberOf(ctx.config.smsReach, answered.phone ?? '') : null;
    if (number && answered.notify_lang && !(await isStopped(q, number))) {
      const url = `${ctx.config.publicUrl}${paths.complaint.href(answered.tracking_code)}`;
      await ctx.texter.send(
        {
          to: number,
          text: complaintAnsweredSms(langOf(answered.notify_lang), answered.tracking_code, text.trim(), url),
        },
        { complaint: answered.id },
        q,
      );
    }
  });
}

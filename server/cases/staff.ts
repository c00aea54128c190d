import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '../../contract/entities.ts';
import { ATTACHMENT_MAX_BYTES, TEXT_LIMITS } from '../../contract/limits.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import type { Reach } from '../notify/tell.ts';
import { REACH_COLUMNS, tell } from '../notify/tell.ts';
import { scheduleMail, scheduleSms, statusMail, statusSms } from '../notify/templates.ts';
import { caseDetailHref } from '../../contract/paths.ts';
import type { LifecycleEvent } from '../../contract/case-lifecycle.machine.ts';
import type { CaseLife } from './lifecycle.ts';
import { decide, eventTo, responseShown } from './lifecycle.ts';

export class StaffError extends Error {
  override name = 'StaffError';
}

interface CaseRow extends Reach {
  id: string;
  case_number: string;
  status: CaseStatus;
  customer_id: string;
  rejected_date: Date | null;
  appealed_at: Date | null;
  response_justification: string | null;
}

async function findCase(q: Queryable, caseNumber: string): Promise<CaseRow> {
  const [row] = await q.query<CaseRow>(
    `SELECT c.id, c.case_number, c.status, c.customer_id, c.rejected_date, c.appealed_at, c.response_justification, ${REACH_COLUMNS}
     FROM cases c JOIN customers cu ON cu.id = c.customer_id
     WHERE c.case_number = $1 FOR UPDATE OF c`,
    [caseNumber.trim().toUpperCase()],
  );
  if (!row) throw new StaffError(`No case ${caseNumber}.`);
  return row;
}

export async function findStaff(ctx: Context, email: string | undefined): Promise<{ id: string; name: string }> {
  const rows = await ctx.db.query<{ id: string; firstname: string; lastname: string }>(
    email ? 'SELECT id, firstname, lastname FROM staff WHERE email = $1' : 'SELECT id, firstname, lastname FROM staff ORDER BY email LIMIT 1',
    email ? [email.toLowerCase()] : [],
  );
  const row = rows[0];
  if (!row) throw new StaffError(email ? `No staff member with email ${email}.` : 'No staff member exists; the seed creates some.');
  return { id: row.id, name: `${row.firstname} ${row.lastname}` };
}

const caseUrl = (ctx: Context, c: CaseRow) => `${ctx.config.publicUrl}${caseDetailHref(c.id)}`;

/** The statuses a staff member moves a case to (the customer's own steps lead to the others: cases/steps.ts). */
export type StaffTarget = Exclude<CaseStatus, 'pending' | 'appealed' | 'withdrawn'>;

export interface Transition {
  to: StaffTarget;
  staffId: string;
  justification?: string;
  /** A PDF on disk: the response to the customer (required to respond). */
  responseFile?: string;
  note?: string;
  /** The one lifecycle event this move must be (an appeal's decision), not any that reaches `to`. */
  via?: LifecycleEvent['type'];
}

const lifeOf = (c: CaseRow): CaseLife => ({ status: c.status, ownerId: c.customer_id, rejectedAt: c.rejected_date, appealedAt: c.appealed_at });

/**
 * Moves a case to a new status through the case lifecycle (contract/case-lifecycle.machine.ts):
 * the machine says whether the staff member may, and which effects follow (history, mail).
 */
export async function moveCase(ctx: Context, caseNumber: string, t: Transition): Promise<CaseStatus> {
  if (t.to === 'rejected' && !t.justification?.trim()) throw new StaffError('A rejection needs a justification (--reason).');
  if ((t.to === 'info_requested' || t.via) && !t.note?.trim() && !t.justification?.trim()) throw new StaffError('This step needs a reason (--reason).');
  if (t.to === 'responded' && !t.responseFile) throw new StaffError('A response needs a PDF (--file).');
  if ([t.justification, t.note].some((text) => (text?.trim().length ?? 0) > TEXT_LIMITS.justification))
    throw new StaffError(`A reason or note is at most ${TEXT_LIMITS.justification} characters: the customer reads it on a phone.`);
  const staged = t.responseFile
    ? await ctx.storage.stage(createReadStream(t.responseFile), { kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required: true }, 'root')
    : undefined;
  await ctx.storage.keep(staged, async (q) => {
    const c = await findCase(q, caseNumber);
    const event = eventTo(lifeOf(c), t.to, { kind: 'staff', id: t.staffId }, Date.now());
    const decision = event && (!t.via || event.type === t.via) ? decide(lifeOf(c), event) : null;
    if (!decision) throw new StaffError(`Case ${c.case_number} is ${c.status}; it cannot become ${t.to}.`);
    const note = t.justification ?? t.note ?? null;
    const update: Record<StaffTarget, [string, unknown[]]> = {
      ongoing: ["UPDATE cases SET status = 'ongoing', ongoing_date = COALESCE(ongoing_date, now()) WHERE id = $1", [c.id]],
      responded: [
        "UPDATE cases SET status = 'responded', responded_date = now(), responded_by = $2, response_attachment = $3, response_justification = $4 WHERE id = $1",
        [c.id, t.staffId, staged?.name ?? null, note],
      ],
      verified: ["UPDATE cases SET status = 'verified', verified_date = now() WHERE id = $1", [c.id]],
      rejected: [
        "UPDATE cases SET status = 'rejected', rejected_date = now(), rejected_by = $2, rejection_justification = $3 WHERE id = $1",
        [c.id, t.staffId, note],
      ],
      info_requested: ["UPDATE cases SET status = 'info_requested' WHERE id = $1", [c.id]],
    };
    await q.query(...update[t.to]);
    if (decision.effects.has('recordHistory'))
      await q.query(`INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_staff_id, note) VALUES ($1, $2, 'status', $3, $4, $5, $6)`, [
        randomUUID(),
        c.id,
        c.status,
        t.to,
        t.staffId,
        note,
      ]);
    // The response's note is told once a supervisor verifies it, never before (responseShown).
    const told = t.to === 'responded' ? null : responseShown(t.to) ? c.response_justification : note;
    if (decision.effects.has('mailCustomer'))
      await tell(ctx, q, c, {
        mail: (to, lang) => statusMail(to, lang, c.case_number, t.to, caseUrl(ctx, c), told),
        sms: (lang) => statusSms(lang, c.case_number, t.to, caseUrl(ctx, c)),
      });
  });
  return t.to;
}

/** Sets an appointment (schedule) or pushes the deadline (extend); history and mail as above. */
export async function scheduleCase(ctx: Context, caseNumber: string, kind: 'scheduled' | 'extended', date: Date, staffId: string): Promise<void> {
  if (Number.isNaN(date.getTime())) throw new StaffError('The date is not valid (use YYYY-MM-DD).');
  await ctx.db.tx(async (q) => {
    const found = await findCase(q, caseNumber);
    if (found.status === 'verified' || found.status === 'rejected' || found.status === 'withdrawn')
      throw new StaffError(`Case ${found.case_number} is closed (${found.status}).`);
    if (kind === 'scheduled') {
      await q.query('INSERT INTO case_schedules (id, case_id, scheduled_by, scheduled_date) VALUES ($1, $2, $3, $4)', [randomUUID(), found.id, staffId, date]);
    } else {
      const [latest] = await q.query<{ id: string }>('SELECT id FROM case_schedules WHERE case_id = $1 ORDER BY created_at DESC LIMIT 1', [found.id]);
      if (latest) await q.query('UPDATE case_schedules SET extended_by = $1, extended_date = $2 WHERE id = $3', [staffId, date, latest.id]);
      else
        await q.query('INSERT INTO case_schedules (id, case_id, extended_by, extended_date) VALUES ($1, $2, $3, $4)', [randomUUID(), found.id, staffId, date]);
    }
    await q.query(`INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_staff_id, note) VALUES ($1, $2, $3, $4, $4, $5, $6)`, [
      randomUUID(),
      found.id,
      kind,
      found.status,
      staffId,
      date.toISOString().slice(0, 10),
    ]);
    await tell(ctx, q, found, {
      mail: (to, lang) => scheduleMail(to, lang, found.case_number, kind, date, caseUrl(ctx, found)),
      sms: (lang) => scheduleSms(lang, found.case_number, kind, date, caseUrl(ctx, found)),
    });
  });
}

export async function listCasesForStaff(ctx: Context, status?: string) {
  return ctx.db.query<{ case_number: string; status: string; created_at: Date; email: string }>(
    `SELECT c.case_number, c.status, c.created_at, cu.email FROM cases c JOIN customers cu ON cu.id = c.customer_id
     ${status ? 'WHERE c.status = $1' : ''} ORDER BY c.created_at DESC LIMIT 200`,
    status ? [status] : [],
  );
}

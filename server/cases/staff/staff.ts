import { createReadStream } from 'node:fs';
import type { CaseStatus } from '../../../contract/entities.ts';
import { ATTACHMENT_MAX_BYTES, TEXT_LIMITS } from '../../../contract/limits.ts';
import type { Context } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { tell } from '../../notify/tell.ts';
import { appealMail, appealSms, scheduleMail, scheduleSms, statusMail, statusSms } from '../../notify/templates.ts';
import { caseLinkHref } from '../../../contract/linked.ts';
import { caseDetailHref } from '../../../contract/paths.ts';
import { bureauQuestion, isClosed } from '../../../contract/case-rules.ts';
import type { Actor, LifecycleEvent, StaffRole } from '../../../contract/case-lifecycle.machine.ts';
import { actsAs } from '../../../contract/case-lifecycle.machine.ts';
import { decide, eventTo, lifeOf, aRole, refusedBecause, responseShown, whatComesNext } from '../lifecycle.ts';
import { appointmentCancelled } from '../reader/repository.ts';
import type { StaffCaseRow, StaffRow, StaffTarget } from './repository.ts';
import {
  addAppointment,
  allStaff,
  extendLatest,
  latestCases,
  lockCaseByNumber,
  setStaffStatus,
  staffHistory,
  staffMember,
} from './repository.ts';

export type { StaffTarget } from './repository.ts';

export class StaffError extends Error {
  override name = 'StaffError';
}

async function findCase(q: Queryable, caseNumber: string): Promise<StaffCaseRow> {
  const row = await lockCaseByNumber(q, caseNumber.trim().toUpperCase());
  if (!row) throw new StaffError(`No case ${caseNumber}.`);
  return row;
}

export interface StaffMember {
  id: string;
  name: string;
  role: string;
}

const memberOf = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: `${row.firstname} ${row.lastname}`,
  role: row.role,
});

/** The staff member with this e-mail: who takes a step names themselves (`--by`), never a default. */
export async function findStaff(ctx: Context, email: string): Promise<StaffMember> {
  const row = await staffMember(ctx.db, { email });
  if (!row) throw new StaffError(`No staff member with email ${email} (npm run staff -- staff lists them).`);
  return memberOf(row);
}

/**
 * The one who acts, read in the step's own transaction: their role is the database's at the
 * moment of the step, never the caller's word (the command line looked them up by e-mail before).
 */
export async function actingStaff(q: Queryable, staffId: string): Promise<StaffMember & Actor> {
  const row = await staffMember(q, { id: staffId });
  if (!row) throw new StaffError('No such staff member.');
  return { kind: 'staff', ...memberOf(row) };
}

/** A mail's link names the case's number too (ADR 0034); an SMS, which names it in its words, the shorter address. */
const caseUrl = (ctx: Context, c: StaffCaseRow) => `${ctx.config.publicUrl}${caseDetailHref(c.id)}`;
const mailCaseUrl = (ctx: Context, c: StaffCaseRow) =>
  `${ctx.config.publicUrl}${caseLinkHref(c.id, c.case_number, c.case_list_id)}`;

/** The events that decide an appeal: only `appeal --overturn|--uphold` takes them. */
const APPEAL_DECISIONS = new Set<LifecycleEvent['type']>(['OVERTURN', 'UPHOLD']);

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

/** A step refused for the role of who asks, in the command line's words. */
export const onlyBy = (role: StaffRole, by: StaffMember) =>
  `Only ${aRole(role)} takes this step; ${by.name} is ${aRole(by.role)} (ADR 0038).`;

/** What the staff member reads when the lifecycle refuses a move, by the guard that stopped it. */
function refusalWords(guard: string, c: StaffCaseRow, t: Transition, by: StaffMember): string {
  switch (guard) {
    case 'byCaseHandler':
      return onlyBy('case_handler', by);
    case 'byTeamLeader':
      return onlyBy('team_leader', by);
    case 'notTheResponder':
      return `${by.name} wrote the response to ${c.case_number}: another team leader verifies it (four eyes, ADR 0038).`;
    case 'notTheRejecter':
      return `${by.name} rejected ${c.case_number}: another team leader decides the appeal (four eyes, ADR 0038).`;
    case 'reasoned':
      return t.to === 'rejected'
        ? 'A rejection needs a justification (--reason).'
        : 'This step needs a reason (--reason).';
    case 'withResponse':
      return 'A response needs a PDF (--file).';
    case 'reasonFits':
      return `A reason or note is at most ${TEXT_LIMITS.justification} characters: the customer reads it on a phone.`;
    default:
      return `Case ${c.case_number} is ${c.status}; it cannot become ${t.to}. ${whatComesNext(c.status, c.case_number)}`;
  }
}

/**
 * Moves a case to a new status through the case lifecycle (contract/case-lifecycle.machine.ts):
 * the machine says whether the staff member may, and which effects follow (history, mail).
 */
export async function moveCase(
  ctx: Context,
  caseNumber: string,
  t: Transition,
): Promise<{ status: CaseStatus; told: boolean }> {
  let told = false;
  const staged = t.responseFile
    ? await ctx.storage.stage(
        createReadStream(t.responseFile),
        { kind: 'pdf', maxBytes: ATTACHMENT_MAX_BYTES, required: true },
        'root',
      )
    : undefined;
  await ctx.storage.keep(staged, async (q) => {
    const c = await findCase(q, caseNumber);
    // What the lifecycle decides on: who asks, when, the reason given and whether a PDF comes with it.
    const note = t.justification ?? t.note ?? null;
    const given = { ...(note !== null ? { reason: note } : {}), response: staged !== undefined };
    const by = await actingStaff(q, t.staffId);
    const found = eventTo(lifeOf(c), t.to, by, Date.now(), given);
    // An appeal is decided by its own command, never by a plain "ongoing" or "rejected".
    const event = found && (t.via ? found.type === t.via : !APPEAL_DECISIONS.has(found.type)) ? found : null;
    const decision = event && decide(lifeOf(c), event);
    if (!decision) throw new StaffError(refusalWords(event ? refusedBecause(lifeOf(c), event) : 'none', c, t, by));
    told = decision.effects.has('mailCustomer');
    // Read before the move: once closed, the appointment no longer counts as one ahead.
    const cancelled = isClosed(t.to) ? await appointmentCancelled(q, c) : null;
    await setStaffStatus(q, c.id, t.to, t.staffId, note, staged?.name ?? null);
    if (decision.effects.has('recordHistory')) await staffHistory(q, c.id, 'status', c.status, t.to, t.staffId, note);
    // The response's note is told once a supervisor verifies it, never before (responseShown:
    // the lifecycle sends nothing when the response is written).
    const noteTold = responseShown(t.to) ? c.response_justification : note;
    // An appeal's decision says it was decided, and keeps the rejection's reason in sight.
    const appeal = event.type === 'UPHOLD' || event.type === 'OVERTURN' ? event.type === 'UPHOLD' : null;
    if (decision.effects.has('mailCustomer') && appeal !== null)
      await tell(ctx, q, c, {
        mail: (to, lang) =>
          appealMail(
            to,
            lang,
            c.case_number,
            { upheld: appeal, note, rejectionReason: c.rejection_justification },
            mailCaseUrl(ctx, c),
          ),
        sms: (lang) => appealSms(lang, c.case_number, appeal, caseUrl(ctx, c)),
      });
    else if (decision.effects.has('mailCustomer'))
      await tell(ctx, q, c, {
        mail: (to, lang) => statusMail(to, lang, c.case_number, t.to, mailCaseUrl(ctx, c), noteTold, cancelled),
        // Asked for information, the customer reads the question itself, not only the status.
        sms: (lang) =>
          statusSms(
            lang,
            c.case_number,
            t.to,
            caseUrl(ctx, c),
            bureauQuestion(t.to, [{ to_status: t.to, note, action: 'status' }]),
          ),
      });
  });
  return { status: t.to, told };
}

/** Sets an appointment (schedule) or pushes the deadline (extend); history and mail as above. */
export async function scheduleCase(
  ctx: Context,
  caseNumber: string,
  kind: 'scheduled' | 'extended',
  date: Date,
  staffId: string,
): Promise<void> {
  if (Number.isNaN(date.getTime())) throw new StaffError('The date is not valid (use YYYY-MM-DD).');
  await ctx.db.tx(async (q) => {
    const found = await findCase(q, caseNumber);
    const by = await actingStaff(q, staffId);
    // Outside the lifecycle's states, the same rule as its steps: a case handler keeps a case's dates (ADR 0038).
    if (!actsAs(by, 'case_handler')) throw new StaffError(onlyBy('case_handler', by));
    if (isClosed(found.status)) throw new StaffError(`Case ${found.case_number} is closed (${found.status}).`);
    if (kind === 'scheduled') await addAppointment(q, found.id, staffId, date);
    else await extendLatest(q, found.id, staffId, date);
    await staffHistory(q, found.id, kind, found.status, found.status, staffId, date.toISOString().slice(0, 10));
    await tell(ctx, q, found, {
      mail: (to, lang) => scheduleMail(to, lang, found.case_number, kind, date, mailCaseUrl(ctx, found)),
      sms: (lang) => scheduleSms(lang, found.case_number, kind, date, caseUrl(ctx, found)),
    });
  });
}

export const listCasesForStaff = (ctx: Context, status?: string) => latestCases(ctx.db, status);

export const listStaff = (ctx: Context) => allStaff(ctx.db);

import { randomUUID } from 'node:crypto';
import type { CaseStatus } from '../../../contract/entities.ts';
import type { Queryable } from '../../db/client.ts';
import type { LockedCase } from '../repository.ts';
import { REACH_COLUMNS } from '../../notify/tell.ts';

/** The SQL of the bureau's side (the staff command line): staff, case moves and appointments. */

/** A case as the staff side moves it: the lifecycle's columns, and the notes a mail quotes. */
export interface StaffCaseRow extends LockedCase {
  response_justification: string | null;
  rejection_justification: string | null;
}

/** A case by its number, locked for the caller's transaction, with how to reach its owner. */
export const lockCaseByNumber = async (q: Queryable, caseNumber: string): Promise<StaffCaseRow | undefined> =>
  (
    await q.query<StaffCaseRow>(
      `SELECT c.id, c.case_number, c.case_list_id, c.status, c.customer_id, c.rejected_date, c.appealed_at, c.response_justification,
              c.rejection_justification, c.responded_by, c.rejected_by, ${REACH_COLUMNS}
       FROM cases c JOIN customers cu ON cu.id = c.customer_id
       WHERE c.case_number = $1 FOR UPDATE OF c`,
      [caseNumber],
    )
  )[0];

export interface StaffRow {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  role: string;
}

/** A staff member by e-mail or by id: who takes a step, and the role the lifecycle decides by. */
export const staffMember = async (q: Queryable, by: { email: string } | { id: string }) =>
  (
    await q.query<StaffRow>(
      `SELECT id, email, firstname, lastname, role FROM staff WHERE ${'email' in by ? 'email' : 'id'} = $1`,
      ['email' in by ? by.email.toLowerCase() : by.id],
    )
  )[0];

export const allStaff = (q: Queryable) =>
  q.query<{
    email: string;
    firstname: string;
    lastname: string;
    firstname_am: string | null;
    lastname_am: string | null;
    role: string;
  }>('SELECT email, firstname, lastname, firstname_am, lastname_am, role FROM staff ORDER BY email');

/** The statuses a staff member moves a case to (the customer's own steps lead to the others). */
export type StaffTarget = Exclude<CaseStatus, 'pending' | 'appealed' | 'withdrawn'>;

/** Writes the case's new status and what comes with it: who responded or rejected, the response, the dates. */
export async function setStaffStatus(
  q: Queryable,
  caseId: string,
  to: StaffTarget,
  staffId: string,
  note: string | null,
  responseFile: string | null,
): Promise<void> {
  const update: Record<StaffTarget, [string, unknown[]]> = {
    ongoing: [
      "UPDATE cases SET status = 'ongoing', ongoing_date = COALESCE(ongoing_date, now()) WHERE id = $1",
      [caseId],
    ],
    responded: [
      "UPDATE cases SET status = 'responded', responded_date = now(), responded_by = $2, response_attachment = $3, response_justification = $4 WHERE id = $1",
      [caseId, staffId, responseFile, note],
    ],
    verified: ["UPDATE cases SET status = 'verified', verified_date = now() WHERE id = $1", [caseId]],
    // An upheld appeal keeps the rejection's reason and who rejected: the decision's own note is in the history.
    rejected: [
      `UPDATE cases SET status = 'rejected', rejected_date = now(),
              rejected_by = CASE WHEN status = 'appealed' THEN rejected_by ELSE $2 END,
              rejection_justification = CASE WHEN status = 'appealed' THEN rejection_justification ELSE $3 END
       WHERE id = $1`,
      [caseId, staffId, note],
    ],
    info_requested: ["UPDATE cases SET status = 'info_requested' WHERE id = $1", [caseId]],
  };
  await q.query(...update[to]);
}

/** An entry of the case's history written by a staff member: a status change, an appointment or an extension. */
export async function staffHistory(
  q: Queryable,
  caseId: string,
  action: 'status' | 'scheduled' | 'extended',
  from: CaseStatus,
  to: CaseStatus,
  staffId: string,
  note: string | null,
): Promise<void> {
  await q.query(
    `INSERT INTO case_history (id, case_id, action, from_status, to_status, actor_staff_id, note) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [randomUUID(), caseId, action, from, to, staffId, note],
  );
}

/** A new appointment. */
export async function addAppointment(q: Queryable, caseId: string, staffId: string, date: Date): Promise<void> {
  await q.query('INSERT INTO case_schedules (id, case_id, scheduled_by, scheduled_date) VALUES ($1, $2, $3, $4)', [
    randomUUID(),
    caseId,
    staffId,
    date,
  ]);
}

/** The deadline pushed: on the latest appointment, or on its own when there is none. */
export async function extendLatest(q: Queryable, caseId: string, staffId: string, date: Date): Promise<void> {
  const [latest] = await q.query<{ id: string }>(
    'SELECT id FROM case_schedules WHERE case_id = $1 ORDER BY created_at DESC LIMIT 1',
    [caseId],
  );
  if (latest)
    await q.query('UPDATE case_schedules SET extended_by = $1, extended_date = $2 WHERE id = $3', [
      staffId,
      date,
      latest.id,
    ]);
  else
    await q.query('INSERT INTO case_schedules (id, case_id, extended_by, extended_date) VALUES ($1, $2, $3, $4)', [
      randomUUID(),
      caseId,
      staffId,
      date,
    ]);
}

/** The latest cases (at most 200), of one status or all, with their owner's e-mail. */
export const latestCases = (q: Queryable, status?: string) =>
  q.query<{ case_number: string; status: string; created_at: Date; email: string }>(
    `SELECT c.case_number, c.status, c.created_at, cu.email FROM cases c JOIN customers cu ON cu.id = c.customer_id
     ${status ? 'WHERE c.status = $1' : ''} ORDER BY c.created_at DESC LIMIT 200`,
    status ? [status] : [],
  );

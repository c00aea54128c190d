import type { Case, CaseStatus, PersonName } from '../../../contract/entities.ts';
import { upcomingAppointment } from '../../../contract/case-rules.ts';
import { LANGS } from '../../../contract/languages.ts';
import type { Queryable } from '../../db/client.ts';
import { langCols } from '../../db/sql.ts';
import { lateness } from '../lateness.ts';
import { responseShown } from '../lifecycle.ts';
import type { Row } from '../repository.ts';
import { iso, langPick } from '../repository.ts';
import { personName } from '../person-name.ts';

/** The full case's SQL and its mapping: one statement for a case with its owner, answers, schedule and rating. */

/** A staff member's name, in Latin and Ethiopic script (its `_am` columns). */
const NAME_PARTS = ['firstname', 'middlename', 'lastname', 'firstname_am', 'middlename_am', 'lastname_am'] as const;
/** A person's name as `<alias>_firstname, ...`: columns of a row, or keys of a JSON object. */
const STAFF_NAME = (alias: string) => NAME_PARTS.map((p) => `${alias}.${p} AS ${alias}_${p}`).join(', ');
const jsonPerson = (alias: string) => NAME_PARTS.map((p) => `'${alias}_${p}', ${alias}.${p}`).join(', ');
const personOf = (r: Row, alias: string): PersonName | null =>
  r[`${alias}_firstname`] == null ? null : personName((p) => r[`${alias}_${p}`]);

/** A timestamp inside a JSON aggregate: epoch milliseconds, whatever the session's time zone. */
const epochMs = (column: string) => `floor(extract(epoch FROM ${column}) * 1000)::float8`;
const jsonName = (alias: string, prefix: string) =>
  LANGS.map((l) => `'${prefix}_${l}', ${alias}.${prefix}_${l}`).join(', ');
const fromEpoch = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v) : null);

/** The appeal's decision: the history's move out of "appealed" (UPHOLD to rejected, OVERTURN to ongoing). */
const appealOf = (a: Row | null): Case['appeal_decision'] =>
  a ? { upheld: a.upheld === true, date: iso(fromEpoch(a.at)) ?? '', note: (a.note as string | null) ?? null } : null;

/**
 * A case as its owner sees it, with its owner, when it changes by the clock alone, and whether
 * the phone on file is known to be the owner's own (ADR 0029: only then does it unmask the case).
 */
export type Loaded = Case & { customer_id: string; changes_at: number; owner_phone_owned: boolean };

/**
 * The full cases that match `where`, newest first, as their owner sees them. One statement:
 * the answers and the schedule come along as JSON arrays, so a case costs one round trip.
 */
async function loadCases(
  db: Queryable,
  where: 'c.customer_id = $1' | 'c.case_number = $1' | 'c.id = $1',
  params: unknown[],
): Promise<Loaded[]> {
  const rows = await db.query(
    `SELECT c.*, cl.time_limit, ${langCols('name', 'd.')}, ${LANGS.map((l) => `cl.case_name_${l}`).join(', ')},
            r.case_number AS related_number, rt.id AS rating_id,
            cu.firstname AS cu_firstname, cu.middlename AS cu_middlename, cu.lastname AS cu_lastname, cu.subcity AS cu_subcity,
            cu.woreda AS cu_woreda, cu.house_number AS cu_house_number, cu.phone AS cu_phone,
            cu.phone_owned_since IS NOT NULL AS cu_phone_owned,
            cu.house_phone_number AS cu_house_phone_number, cu.gender AS cu_gender,
            ${STAFF_NAME('rs')}, ${STAFF_NAME('rj')},
            (SELECT coalesce(json_agg(json_build_object('question_id', q.id, 'answer', a.answer, ${jsonName('q', 'name')}) ORDER BY a.position), '[]')
             FROM case_answers a JOIN questions q ON q.id = a.question_id WHERE a.case_id = c.id) AS answers,
            (SELECT coalesce(json_agg(json_build_object('scheduled_date', ${epochMs('s.scheduled_date')}, 'extended_date', ${epochMs('s.extended_date')},
                                                        ${jsonPerson('sb')}, ${jsonPerson('eb')}) ORDER BY s.created_at), '[]')
             FROM case_schedules s LEFT JOIN staff sb ON sb.id = s.scheduled_by LEFT JOIN staff eb ON eb.id = s.extended_by
             WHERE s.case_id = c.id) AS schedules,
            (SELECT json_build_object('upheld', h.to_status = 'rejected', 'at', ${epochMs('h.created_at')}, 'note', h.note)
             FROM case_history h WHERE h.case_id = c.id AND h.action = 'status' AND h.from_status = 'appealed'
             ORDER BY h.created_at DESC, h.id DESC LIMIT 1) AS appeal
     FROM cases c
     JOIN divisions d ON d.id = c.division_id
     JOIN case_lists cl ON cl.id = c.case_list_id
     JOIN customers cu ON cu.id = c.customer_id
     LEFT JOIN cases r ON r.id = c.related_case_id
     LEFT JOIN ratings rt ON rt.case_id = c.id AND rt.customer_id = c.customer_id
     LEFT JOIN staff rs ON rs.id = c.responded_by
     LEFT JOIN staff rj ON rj.id = c.rejected_by
     WHERE ${where} ORDER BY c.created_at DESC, c.id DESC`,
    params,
  );
  return rows.map((r) => {
    const id = String(r.id);
    const mine = r.schedules as Row[];
    const answers = r.answers as Row[];
    const extensions = mine.map((s) => fromEpoch(s.extended_date)).filter((d): d is Date => d !== null);
    const extendedUntil = extensions.length ? new Date(Math.max(...extensions.map((d) => d.getTime()))) : null;
    const responded = r.status === 'verified' ? personOf(r, 'rs') : null;
    const { late, changesAt } = lateness(r, extendedUntil);
    return {
      _id: id,
      customer_id: String(r.customer_id),
      case_number: String(r.case_number),
      status: r.status as CaseStatus,
      masked: false,
      caselist: { _id: String(r.case_list_id), ...langPick(r, 'case_name') } as Case['caselist'],
      division: { _id: String(r.division_id), ...langPick(r, 'name') } as Case['division'],
      form: answers.map(
        (a) =>
          ({
            list_of_question: {
              question: { _id: String(a.question_id), ...langPick(a, 'name') },
              answer: String(a.answer),
            },
          }) as Case['form'][number],
      ),
      related_case_id: r.related_case_id
        ? { _id: String(r.related_case_id), case_number: String(r.related_number) }
        : null,
      late,
      responded_by: responded,
      rejected_by: personOf(r, 'rj'),
      createdAt: iso(r.created_at) ?? '',
      ongoing_date: iso(r.ongoing_date),
      responded_date: iso(r.responded_date),
      verified_date: iso(r.verified_date),
      rejected_date: iso(r.rejected_date),
      appealed_date: iso(r.appealed_at),
      rejection_justification: (r.rejection_justification as string | null) ?? null,
      appeal_decision: appealOf(r.appeal as Row | null),
      remark: (r.remark as string | null) ?? null,
      attachment: (r.attachment as string | null) ?? null,
      response_justification: responseShown(r.status as CaseStatus)
        ? {
            attachment: (r.response_attachment as string | null) ?? null,
            justification: (r.response_justification as string | null) ?? null,
          }
        : null,
      schedule_program: mine.map((s) => ({
        schedule: {
          scheduled_by: personOf(s, 'sb'),
          scheduled_date: iso(fromEpoch(s.scheduled_date)),
          extended_by: personOf(s, 'eb'),
          extended_date: iso(fromEpoch(s.extended_date)),
        },
      })),
      rateCustomer: r.rating_id ? { _id: String(r.rating_id) } : null,
      customer_info: {
        firstname: String(r.cu_firstname),
        middlename: String(r.cu_middlename),
        lastname: String(r.cu_lastname),
        subcity: String(r.cu_subcity),
        woreda: String(r.cu_woreda),
        house_number: String(r.cu_house_number),
        phone_number: String(r.cu_phone),
        house_phone_number: String(r.cu_house_phone_number),
        gender: r.cu_gender as 'Male' | 'Female',
      },
      changes_at: changesAt,
      owner_phone_owned: r.cu_phone_owned === true,
    };
  });
}

/** Every case of a customer, newest first. */
export const casesOfCustomer = (db: Queryable, customerId: string): Promise<Loaded[]> =>
  loadCases(db, 'c.customer_id = $1', [customerId]);

export const loadCaseByNumber = async (db: Queryable, caseNumber: string): Promise<Loaded | undefined> =>
  (await loadCases(db, 'c.case_number = $1', [caseNumber]))[0];

export const loadCaseById = async (db: Queryable, id: string): Promise<Loaded | undefined> =>
  (await loadCases(db, 'c.id = $1', [id]))[0];

/**
 * The appointment a case about to close cancels (issue 51: the mail that closes it says so):
 * its latest schedule, read as the contract reads an appointment ahead; null when none is.
 */
export async function appointmentCancelled(q: Queryable, c: { id: string; status: CaseStatus }): Promise<Date | null> {
  const [s] = await q.query<{ scheduled_date: Date | null; extended_date: Date | null }>(
    'SELECT scheduled_date, extended_date FROM case_schedules WHERE case_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [c.id],
  );
  if (!s) return null;
  const schedule = {
    scheduled_by: null,
    extended_by: null,
    scheduled_date: iso(s.scheduled_date),
    extended_date: iso(s.extended_date),
  };
  return upcomingAppointment({ status: c.status, schedule_program: [{ schedule }] }, Date.now());
}

/** When a case last entered a status (ISO), from its history; null when it never did. */
export const enteredStatusAt = async (q: Queryable, caseId: string, status: string): Promise<string | null> => {
  const at = (
    await q.query<{ at: Date | null }>(
      'SELECT max(created_at) AS at FROM case_history WHERE case_id = $1 AND to_status = $2',
      [caseId, status],
    )
  )[0]?.at;
  return at ? new Date(at).toISOString() : null;
};

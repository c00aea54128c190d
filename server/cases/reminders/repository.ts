import type { Queryable } from '../../db/client.ts';

/** The appointment reminders' SQL: which appointments are near, and which dates were reminded. */

/**
 * The appointments within two days of `now` not yet reminded: each schedule's extended date
 * when it was moved, else its scheduled date (whether the case is still open is asked apart).
 * A deleted account's appointments are cancelled with it (issue 48).
 */
export const appointmentsAround = (q: Queryable, now: Date) =>
  q.query<{ case_id: string; appointment_at: Date }>(
    `SELECT s.case_id, COALESCE(s.extended_date, s.scheduled_date) AS appointment_at
     FROM case_schedules s JOIN cases c ON c.id = s.case_id JOIN customers cu ON cu.id = c.customer_id
     WHERE cu.deleted_at IS NULL
       AND COALESCE(s.extended_date, s.scheduled_date) BETWEEN $1::timestamptz - interval '2 days' AND $1::timestamptz + interval '2 days'
       AND NOT EXISTS (SELECT 1 FROM appointment_reminders r WHERE r.case_id = s.case_id AND r.appointment_at = COALESCE(s.extended_date, s.scheduled_date))`,
    [now],
  );

/** Notes that an appointment date was reminded; false when it already was (another process, an earlier run). */
export const markReminded = async (q: Queryable, caseId: string, at: Date): Promise<boolean> =>
  (
    await q.query(
      'INSERT INTO appointment_reminders (case_id, appointment_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING case_id',
      [caseId, at],
    )
  ).length > 0;

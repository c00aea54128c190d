import type { Queryable } from '../db/client.ts';
import { SMS_RECORD_MAX_CHARS } from '../config/tuning.ts';

/** The SQL of USSD sessions (issue 56): recorded like texts to the bureau's number (server/sms/repository.ts). */

/**
 * Records a session's screen: what was typed so far (its first characters) and where it is now.
 * A session that ended (its screen one of `lastScreens`) stays as it ended: a gateway asking
 * again for an earlier screen does not make it a session that has not.
 */
export const recordScreen = (
  q: Queryable,
  s: { msisdn: string; sessionId: string; serviceCode: string; inputs: string; screen: string },
  lastScreens: readonly string[],
): Promise<void> =>
  q
    .query(
      `INSERT INTO ussd_sessions (msisdn, session_id, service_code, inputs, screen) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (msisdn, session_id) DO UPDATE SET inputs = EXCLUDED.inputs, screen = EXCLUDED.screen, updated_at = now()
       WHERE NOT (ussd_sessions.screen = ANY($6::text[]))`,
      [s.msisdn, s.sessionId, s.serviceCode, s.inputs.slice(0, SMS_RECORD_MAX_CHARS), s.screen, lastScreens],
    )
    .then(() => undefined);

/** Whether a session has ended already (its last screen one it ends on): a gateway asking again after its `END`. */
export const sessionEnded = async (q: Queryable, msisdn: string, sessionId: string, lastScreens: readonly string[]) =>
  (
    await q.query<{ ended: boolean }>(
      'SELECT screen = ANY($3::text[]) AS ended FROM ussd_sessions WHERE msisdn = $1 AND session_id = $2',
      [msisdn, sessionId, lastScreens],
    )
  )[0]?.ended === true;

/** Which sessions are a customer's: those of each number they proved, while they held it (as their texts). */
const HELD_SESSIONS = `FROM ussd_sessions u JOIN phone_proofs p ON p.msisdn = u.msisdn
  WHERE p.customer_id = $1 AND u.created_at >= p.proven_at AND (p.ended_at IS NULL OR u.created_at < p.ended_at)`;

/** A customer's USSD sessions, oldest first (their data archive). */
export const sessionsOfCustomer = (q: Queryable, customerId: string) =>
  q.query<{ service_code: string; inputs: string; screen: string; created_at: Date; updated_at: Date }>(
    `SELECT u.service_code, u.inputs, u.screen, u.created_at, u.updated_at ${HELD_SESSIONS} ORDER BY u.created_at, u.id`,
    [customerId],
  );

/** Erases a customer's USSD sessions (before the record of the numbers they held goes). */
export const eraseSessionsOf = (q: Queryable, customerId: string): Promise<void> =>
  q.query(`DELETE FROM ussd_sessions WHERE id IN (SELECT u.id ${HELD_SESSIONS})`, [customerId]).then(() => undefined);

/** Forgets sessions last moved more than `days` days ago (the sweep). */
export const sweepSessions = (q: Queryable, days: number): Promise<void> =>
  q
    .query(`DELETE FROM ussd_sessions WHERE updated_at < now() - $1::int * interval '1 day'`, [days])
    .then(() => undefined);

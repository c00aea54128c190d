import type { Lang } from '../../contract/languages.ts';
import type { Queryable } from '../db/client.ts';
import { langOf } from '../texts/messages.ts';
import { isStopped } from './repository.ts';
import type { Mail, Mailer } from './mail.ts';
import type { Texter } from './sms.ts';
import { HELD_NUMBER } from '../db/sql.ts';
import { phoneKey } from '../../contract/phone.ts';
import { reachable } from './sms.ts';

/** The columns of a customer (joined as `cu`) that say how to reach them. */
export const REACH_COLUMNS = `cu.id AS account, cu.email, cu.preferred_language, cu.notify_email, cu.notify_sms, cu.phone,
  ${HELD_NUMBER('cu')} AS phone_proven, cu.deleted_at IS NOT NULL AS deleted`;

export interface Reach {
  /** The customer's id: whom the messages are for. */
  account: string;
  email: string;
  preferred_language: string;
  notify_email: boolean;
  notify_sms: boolean;
  phone: string;
  /** The key of the number the customer holds, proved with a code (ADR 0029); SMS go only to it. */
  phone_proven: string | null;
  /** The account was deleted: nobody is told anything any more (its address is gone). */
  deleted: boolean;
}

/**
 * The number the customer holds (ADR 0029), while it is still the number on file: a phone
 * changed behind the portal's back (in the database) proves nothing.
 */
export const provenNumber = (who: { phone: string; phone_proven: string | null }): string | null =>
  who.phone_proven !== null && who.phone_proven === phoneKey(who.phone) ? who.phone_proven : null;

/** Where an SMS to this customer may go: their chosen, proven number the operator reaches, unless it sent STOP; null when none. */
async function smsNumber(reach: readonly string[], q: Queryable, who: Reach): Promise<string | null> {
  const held = provenNumber(who);
  const number = who.notify_sms && held !== null && reachable(reach, held) ? held : null;
  return number && !(await isStopped(q, number)) ? number : null;
}

/**
 * Tells a customer something, in their language, on the channels they chose, in the
 * caller's transaction: SMS when they chose it, their number is verified and did not send
 * STOP; mail when they chose it, or when no SMS can go (a person is never left untold).
 */
export async function tell(
  ctx: { mailer: Mailer; texter: Texter; config: { smsReach: readonly string[] } },
  q: Queryable,
  who: Reach,
  what: { mail: (to: string, lang: Lang) => Mail; sms: (lang: Lang) => string },
): Promise<void> {
  // A deleted account's cases stay with the bureau (ADR 0019), but there is no one to tell (issue 48).
  if (who.deleted) return;
  const lang = langOf(who.preferred_language);
  const number = await smsNumber(ctx.config.smsReach, q, who);
  const about = { customer: who.account };
  if (number) await ctx.texter.send({ to: number, text: what.sms(lang) }, about, q);
  if (who.notify_email || !number) await ctx.mailer.send(what.mail(who.email, lang), about, q);
}

import { caseDetailHref, paths } from '../../contract/paths.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import type { Lang } from '../../contract/languages.ts';
import type { Context } from '../context.ts';
import type { RuleName } from '../config/rate-rules.ts';
import type { Queryable } from '../db/client.ts';
import { langOf } from '../texts/messages.ts';
import { reachable } from '../notify/sms.ts';
import { phoneKey } from '../../contract/phone.ts';
import { ownerLanguage } from '../cases/repository.ts';
import { plainCase } from '../cases/reader/reader.ts';
import { loadCaseByNumber } from '../cases/reader/repository.ts';
import { complaintOfCode } from '../feedback/repository.ts';
import { caseAnswer, caseNotFoundAnswer, commandAnswer, complaintAnswer, nextStepOf } from './answers.ts';
import { upcomingAppointment } from '../../contract/case-rules.ts';
import type { SmsCommand } from './read-command.ts';
import { readCommand } from './read-command.ts';
import { caseSteps, languageOfNumber, recordAnswer, recordIncoming } from './repository.ts';
import { startNumber, stopNumber } from '../notify/repository.ts';

/** A text that reached the bureau's number: who sent it (the phone's key, contract/phone.ts) and what it says. */
export interface IncomingSms {
  from: string;
  text: string;
}

/** A number as logs show it: its last three digits. */
export const maskedNumber = (msisdn: string): string =>
  `${'*'.repeat(Math.max(0, msisdn.length - 3))}${msisdn.slice(-3)}`;

/**
 * The language an answer is written in (issue 51): the one the portal knows for the number
 * (of the customer who proved it), else the one it knows for what was asked about (the case's
 * owner, the complaint's), else Amharic. Never the script of the text: a reply to "STOP" is in
 * the person's language, not English.
 */
async function answerLanguage(q: Queryable, msisdn: string, known?: string | null): Promise<Lang> {
  return langOf((await languageOfNumber(q, msisdn)) ?? known ?? 'am');
}

/**
 * The answer about a case, as the SMS reader and the USSD menu give it: its status, its last
 * step's day and the appointment ahead; for the phone on file (proven), what to do next and the
 * case's page. In `chosen` when the person chose a language (the USSD menu), else in the
 * owner's for the phone on file and in the number's for any other (`answerLanguage`). Null:
 * no case has that number (each channel says so its own way).
 */
export async function caseReply(
  ctx: Context,
  q: Queryable,
  caseNumber: string,
  msisdn: string,
  chosen?: Lang,
): Promise<string | null> {
  const now = Date.now();
  const found = await loadCaseByNumber(q, caseNumber);
  if (!found) return null;
  const c = plainCase(found);
  const steps = await caseSteps(q, c._id);
  const ownerLang = await ownerLanguage(q, c._id);
  // The phone on file sees the case as its owner does (ADR 0003): in the owner's language, with the next step.
  const owner = found.owner_phone_owned && phoneKey(c.customer_info.phone_number) === msisdn;
  const lang = chosen ?? (owner ? langOf(ownerLang ?? 'am') : await answerLanguage(q, msisdn, ownerLang));
  return caseAnswer(lang, {
    caseNumber: c.case_number,
    status: c.status,
    lastStep: steps.at(-1)?.created_at ?? new Date(c.createdAt),
    appointment: upcomingAppointment(c, now),
    owner: owner ? { next: nextStepOf(c, steps, now), url: `${ctx.config.publicUrl}${caseDetailHref(c._id)}` } : null,
  });
}

/** The answer about a complaint by its tracking code: its state, or the bureau's answer; in `chosen`, else as `caseReply`; null: no such complaint. */
export async function complaintReply(
  ctx: Context,
  q: Queryable,
  trackingCode: string,
  msisdn: string,
  chosen?: Lang,
): Promise<string | null> {
  const found = await complaintOfCode(q, trackingCode);
  if (!found) return null;
  return complaintAnswer(chosen ?? (await answerLanguage(q, msisdn, found.notify_lang)), {
    code: trackingCode,
    status: found.status,
    answer: found.answer,
    url: `${ctx.config.publicUrl}${paths.complaint.href(trackingCode)}`,
  });
}

/** The answer to a command; STOP and START take effect in the caller's transaction. */
async function answerTo(ctx: Context, q: Queryable, command: SmsCommand, msisdn: string): Promise<string> {
  switch (command.kind) {
    case 'case':
      return (
        (await caseReply(ctx, q, command.caseNumber, msisdn)) ??
        caseNotFoundAnswer(await answerLanguage(q, msisdn), command.caseNumber)
      );
    case 'complaint':
      return (
        (await complaintReply(ctx, q, command.trackingCode, msisdn)) ??
        complaintAnswer(await answerLanguage(q, msisdn), {
          code: command.trackingCode,
          status: undefined,
          answer: null,
          url: '',
        })
      );
    case 'stop':
      await stopNumber(q, msisdn);
      break;
    case 'start':
      await startNumber(q, msisdn);
      break;
    default:
  }
  const example = `${ctx.config.caseNumberPrefix}-${ethiopianYear()}-000042`;
  return commandAnswer(await answerLanguage(q, msisdn), command.kind, { example });
}

/**
 * Reads a text sent to the bureau's number and answers it through the outbox (exactly once,
 * retried while the operator is away). `from` is the sender's key (contract/phone.ts). Silence,
 * with the text recorded (its first characters) and counted but not read (issue 48): a number
 * the operator account cannot reach (`SMS_REACH`); a number past `sms:number` answers an hour
 * or `sms:numberDay` a day, so a flood costs the bureau nothing and a loop between two
 * automatic numbers ends; and every number once the portal gave `sms:answers` answers this
 * hour, so that many numbers together cannot run up the bill either. A number that sent STOP
 * gets no messages from the bureau, but what it asks itself is still answered. Answers the
 * answer (null: silence).
 */
export async function answerSms(ctx: Context, incoming: IncomingSms): Promise<string | null> {
  const msisdn = incoming.from;
  const silence = !reachable(ctx.config.smsReach, msisdn)
    ? 'unreachable'
    : await firstRulePast(ctx, [
        ['sms:number', msisdn],
        ['sms:numberDay', msisdn],
        ['sms:answers', null],
      ]);
  const outcome = silence === null ? 'replied' : silence === 'unreachable' ? 'unreachable' : 'limited';
  // A text met with silence is not read: past its limit, a number costs no parsing.
  const command = silence === null ? readCommand(incoming.text, ctx.config.caseNumberPrefix) : null;
  const answer = await ctx.db.tx(async (q) => {
    const id = await recordIncoming(q, msisdn, incoming.text, command?.kind ?? UNREAD, outcome);
    if (!command) return null;
    const text = await answerTo(ctx, q, command, msisdn);
    await ctx.texter.send({ to: msisdn, text }, { sms: id }, q);
    await recordAnswer(q, msisdn, text, id);
    return text;
  });
  ctx.outbox.nudge('sms');
  ctx.metrics.smsReceived.inc({ command: command?.kind ?? UNREAD, outcome });
  if (silence !== null && silence !== 'unreachable') ctx.metrics.limited.inc({ rule: silence });
  ctx.log.info({ from: maskedNumber(msisdn), command: command?.kind ?? UNREAD, outcome }, 'SMS to the bureau answered');
  return answer;
}

/** What a text met with silence is recorded as having asked: it was not read. */
const UNREAD = 'unread';

/**
 * The first of `checks` past its rule, each counted in turn until one is (a rule and whose count
 * it is: a number's, or null for the whole portal's); null when none is. The SMS reader's and
 * the USSD menu's limits.
 */
export async function firstRulePast<R extends RuleName>(ctx: Context, checks: [R, string | null][]): Promise<R | null> {
  for (const [name, whose] of checks) {
    const rule = ctx.rules[name];
    const hit = await ctx.rates.hit(whose === null ? name : `${name}:${whose}`, rule.windowMs);
    if (hit.count > rule.max) return name;
  }
  return null;
}

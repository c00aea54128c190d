import { caseDetailHref, paths } from '../../contract/paths.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import type { Lang } from '../../contract/languages.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { langOf } from '../messages.ts';
import { toMsisdn } from '../notify/sms.ts';
import { lastStepAt, ownerLanguage } from '../cases/repository.ts';
import { plainCase } from '../cases/reader.ts';
import { loadCaseByNumber } from '../cases/reader/repository.ts';
import { complaintOfCode } from '../feedback/repository.ts';
import {
  caseAnswer,
  caseNotFoundAnswer,
  commandAnswer,
  complaintAnswer,
  languageOfText,
  nextStepOf,
} from './answers.ts';
import { upcomingAppointment } from '../../contract/rules.ts';
import type { SmsCommand } from './read-command.ts';
import { readCommand } from './read-command.ts';
import { languageOfNumber, recordAnswer, recordIncoming, startNumber, stopNumber } from './repository.ts';

/** A text that reached the bureau's number: who sent it (as the operator gave the number) and what it says. */
export interface IncomingSms {
  from: string;
  text: string;
}

/** A number as logs show it: its last three digits. */
export const maskedNumber = (msisdn: string): string =>
  `${'*'.repeat(Math.max(0, msisdn.length - 3))}${msisdn.slice(-3)}`;

/** Two numbers are one when their last nine digits are (0911…, +251 911…, 251911…). */
const sameNumber = (a: string, b: string): boolean => {
  const last = (p: string) => p.replace(/\D/g, '').slice(-9);
  return last(a).length === 9 && last(a) === last(b);
};

/** The sender's language: the one of the customer who proved the number, else the text's own script. */
async function senderLanguage(q: Queryable, msisdn: string, text: string): Promise<Lang> {
  const chosen = await languageOfNumber(q, msisdn);
  return chosen ? langOf(chosen) : languageOfText(text);
}

/** The answer to a command; STOP and START take effect in the caller's transaction. */
async function answerTo(
  ctx: Context,
  q: Queryable,
  command: SmsCommand,
  msisdn: string,
  text: string,
): Promise<string> {
  const now = Date.now();
  switch (command.kind) {
    case 'case': {
      const found = await loadCaseByNumber(q, command.caseNumber);
      if (!found) return caseNotFoundAnswer(await senderLanguage(q, msisdn, text), command.caseNumber);
      const c = plainCase(found);
      // The phone on file sees the case as its owner does (ADR 0003): in the owner's language, with the next step.
      const owner = sameNumber(c.customer_info.phone_number, msisdn);
      const lang = owner ? langOf((await ownerLanguage(q, c._id)) ?? 'Am') : await senderLanguage(q, msisdn, text);
      return caseAnswer(lang, {
        caseNumber: c.case_number,
        status: c.status,
        lastStep: (await lastStepAt(q, c._id)) ?? new Date(c.createdAt),
        appointment: upcomingAppointment(c, now),
        owner: owner ? { next: nextStepOf(c, now), url: `${ctx.config.publicUrl}${caseDetailHref(c._id)}` } : null,
      });
    }
    case 'complaint': {
      const found = await complaintOfCode(q, command.trackingCode);
      return complaintAnswer(await senderLanguage(q, msisdn, text), {
        code: command.trackingCode,
        status: found?.status,
        url: `${ctx.config.publicUrl}${paths.complaint.href(command.trackingCode)}`,
      });
    }
    case 'stop':
      await stopNumber(q, msisdn);
      break;
    case 'start':
      await startNumber(q, msisdn);
      break;
    default:
  }
  const example = `${ctx.config.caseNumberPrefix}-${ethiopianYear()}-000042`;
  return commandAnswer(await senderLanguage(q, msisdn, text), command.kind, example);
}

/**
 * Reads a text sent to the bureau's number and answers it through the outbox (exactly once,
 * retried while the operator is away). Each number is answered at most `sms:number` times an
 * hour and `sms:numberDay` times a day: past either, its texts are recorded and counted
 * (`portal_sms_received_total{outcome="limited"}`) but get silence, so a flood costs the
 * bureau nothing and a loop between two automatic numbers ends. A number that sent STOP gets
 * no messages from the bureau, but what it asks itself is still answered. Answers the answer
 * (null: silence).
 */
export async function answerSms(ctx: Context, incoming: IncomingSms): Promise<string | null> {
  const msisdn = toMsisdn(incoming.from) ?? incoming.from.replace(/\D/g, '');
  if (!msisdn) return null;
  const command = readCommand(incoming.text, ctx.config.caseNumberPrefix);
  const limited = await pastLimit(ctx, msisdn);
  const outcome = limited ? 'limited' : 'replied';
  const answer = await ctx.db.tx(async (q) => {
    const id = await recordIncoming(q, msisdn, incoming.text, command.kind, outcome);
    if (limited) return null;
    const text = await answerTo(ctx, q, command, msisdn, incoming.text);
    await ctx.texter.send({ to: msisdn, text }, { sms: id }, q);
    await recordAnswer(q, msisdn, text, id);
    return text;
  });
  ctx.outbox.nudge('sms');
  ctx.metrics.smsReceived.inc({ command: command.kind, outcome });
  if (limited) ctx.metrics.limited.inc({ rule: limited });
  ctx.log.info({ from: maskedNumber(msisdn), command: command.kind, outcome }, 'SMS to the bureau answered');
  return answer;
}

/** The rule this number is past (its text is not answered), or null; each text counts against both. */
async function pastLimit(ctx: Context, msisdn: string): Promise<'sms:number' | 'sms:numberDay' | null> {
  for (const name of ['sms:number', 'sms:numberDay'] as const) {
    const rule = ctx.rules[name];
    const hit = await ctx.rates.hit(`${name}:${msisdn}`, rule.windowMs);
    if (hit.count > rule.max) return name;
  }
  return null;
}

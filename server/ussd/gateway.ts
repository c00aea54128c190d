import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { OPERATOR_PATHS, USSD_SECRET_HEADER } from '../../contract/endpoints.ts';
import { USSD_INPUTS_MAX } from '../../contract/limits.ts';
import { phoneKey } from '../../contract/phone.ts';
import { ethiopianYear } from '../../contract/dates.ts';
import { USSD_LAST_SCREENS, ussdScreen } from '../../contract/ussd.machine.ts';
import type { Context } from '../context.ts';
import { USSD_ANSWER_MS, USSD_TEXT_MAX_CHARS } from '../config/tuning.ts';
import { AppError, notFound } from '../runtime/errors.ts';
import { firstRulePast, maskedNumber } from '../sms/inbox.ts';
import { say } from '../texts/messages.ts';
import { recordScreen, sessionEnded } from './repository.ts';
import { screenOf } from './screens.ts';
import { replay } from './session.ts';

/**
 * The USSD gateway's callback (issue 56): a form POST per screen, as the aggregators send it
 * (`sessionId`, `serviceCode`, `phoneNumber`, `text`: every input so far, joined by `*`),
 * answered `CON <screen>` (another follows) or `END <screen>` in plain text. On only with
 * USSD_SECRET (404 otherwise), to a caller whose `x-ussd-secret` header is it (compared in
 * constant time). Each screen counts against its number's limits and the portal's; past one,
 * the session ends with "try again later" in Amharic and English. Every screen is recorded
 * like a text (server/ussd/repository.ts), counted, and logged with the number masked.
 */
const UssdForm = z.object({
  // Printable ASCII: the aggregators' ids ("ATUid_…"); the code as dialled (the screens repeat it).
  sessionId: z.string().regex(/^[\x21-\x7e]{1,100}$/),
  serviceCode: z.string().regex(/^[*#0-9]{2,20}$/),
  phoneNumber: z.string().trim().min(3).max(20),
  text: z.string().max(10_000).default(''),
});

const digest = (value: string) => createHash('sha256').update(value).digest();

/** A screen's words in Amharic, then English: for a session whose language is not read. */
const both = (key: 'ussd.limited' | 'ussd.unavailable') => `${say('am', key)}\n${say('en', key)}`;

interface Answer {
  text: string;
  last: boolean;
  /** The state shown (contract/ussd.machine.ts), or `limited`, `unread`, `failed`. */
  screen: string;
  outcome: 'shown' | 'late' | 'limited' | 'unread' | 'failed';
}

/** The screen for a session's entries so far: past a limit, unread, or the machine's after the replay. */
async function screenFor(
  ctx: Context,
  msisdn: string,
  form: z.infer<typeof UssdForm>,
  inputs: string[],
  deadline: number,
): Promise<Answer> {
  const rule = await firstRulePast(ctx, [
    ['ussd:number', msisdn],
    ['ussd:numberDay', msisdn],
    ['ussd:screens', null],
  ]);
  if (rule) {
    ctx.metrics.limited.inc({ rule });
    return { text: both('ussd.limited'), last: true, screen: 'limited', outcome: 'limited' };
  }
  if (form.text.length > USSD_TEXT_MAX_CHARS || inputs.length > USSD_INPUTS_MAX)
    return { text: both('ussd.unavailable'), last: true, screen: 'unread', outcome: 'unread' };
  const ended = await sessionEnded(ctx.db, msisdn, form.sessionId, USSD_LAST_SCREENS);
  const snapshot = await replay(ctx, { msisdn, code: form.serviceCode, ended }, inputs, deadline);
  const screen = screenOf(snapshot, {
    code: form.serviceCode,
    prefix: ctx.config.caseNumberPrefix,
    year: String(ethiopianYear()),
  });
  // A session that ends where the machine has not ended was still reading the bureau's data.
  const late = screen.last && snapshot.status !== 'done';
  return { ...screen, screen: ussdScreen(snapshot.value), outcome: late ? 'late' : 'shown' };
}

export const ussd = fp<{ ctx: Context }>(
  async (app, { ctx }) => {
    const expected = ctx.config.ussdSecret ? digest(ctx.config.ussdSecret) : undefined;
    await app.register(async (scope) => {
      await scope.register(formbody);
      // Before the body is read: a caller without the secret learns nothing of the form, nor that it exists without one.
      const proved = async (request: FastifyRequest) => {
        if (!expected) throw notFound();
        const given = request.headers[USSD_SECRET_HEADER];
        if (!timingSafeEqual(digest(typeof given === 'string' ? given : ''), expected))
          throw new AppError(401, 'gatewaySecret');
      };
      scope.post(OPERATOR_PATHS.ussd, { schema: { hide: true }, onRequest: proved }, async (request, reply) => {
        // From when the request came in: a screen waiting behind others has waited already.
        const deadline = Date.now() - reply.elapsedTime + USSD_ANSWER_MS;
        const parsed = UssdForm.safeParse(request.body);
        if (!parsed.success) throw new AppError(400, 'validation');
        const form = parsed.data;
        const msisdn = phoneKey(form.phoneNumber);
        if (!msisdn) throw new AppError(400, 'validation');
        // Control characters are no keypad's (and PostgreSQL keeps no NUL): gone before anything reads the entries.
        form.text = form.text.replace(/\p{Cc}/gu, '');
        const inputs = form.text === '' ? [] : form.text.split('*');
        let answer: Answer;
        try {
          answer = await screenFor(ctx, msisdn, form, inputs, deadline);
        } catch (error) {
          // Never an error page on a phone: the session ends, and the log says why.
          ctx.log.error({ err: error, from: maskedNumber(msisdn) }, 'USSD screen failed');
          answer = { text: both('ussd.unavailable'), last: true, screen: 'failed', outcome: 'failed' };
        }
        // Recorded within the gateway's wait; a database too slow for that does not keep the screen from the phone.
        const recorded = recordScreen(
          ctx.db,
          {
            msisdn,
            sessionId: form.sessionId,
            serviceCode: form.serviceCode,
            inputs: form.text,
            screen: answer.screen,
          },
          USSD_LAST_SCREENS,
        ).catch((error: unknown) => ctx.log.warn({ err: error }, 'USSD screen not recorded'));
        await Promise.race([recorded, sleep(Math.max(0, deadline - Date.now()))]);
        ctx.metrics.ussdScreens.inc({ screen: answer.screen, outcome: answer.outcome });
        ctx.log.info(
          { from: maskedNumber(msisdn), screen: answer.screen, outcome: answer.outcome },
          'USSD screen answered',
        );
        reply.type('text/plain; charset=utf-8').header('cache-control', 'no-store');
        return `${answer.last ? 'END' : 'CON'} ${answer.text}`;
      });
    });
  },
  { name: 'ussd', fastify: '5.x' },
);

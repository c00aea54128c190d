import type { SnapshotFrom } from 'xstate';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UssdLang, UssdQuestion } from '../../contract/ussd.machine.ts';
import { ussdMachine, ussdScreen } from '../../contract/ussd.machine.ts';
import type { Context } from '../context.ts';
import { bureauAddress } from '../cases/calendar.ts';
import { startNumber, stopNumber } from '../notify/repository.ts';
import { caseReply, complaintReply } from '../sms/inbox.ts';
import { say } from '../texts/messages.ts';
import { cutScreens } from './screens.ts';

/**
 * A USSD session replayed (issue 56): every input so far sent to a new actor of the machine,
 * each once the last has settled; where the machine reads or changes the bureau's data, the
 * SMS reader's answers do it (server/sms/inbox.ts), in the session's language and cut into
 * screens. Nothing is kept between requests: any process answers any screen. A replay not
 * settled by `deadline` (epoch ms) stops where it is, on a state that reads the data: its
 * screen says "try again later".
 */
export type UssdSnapshot = SnapshotFrom<typeof ussdMachine>;

/** The states that wait for the bureau's data. */
const READING = new Set(['answering', 'settingTexts']);

/** The help: whom to call (BUREAU_PHONE, else the SMS number), when the bureau is open, where it is. */
const helpText = (ctx: Context, lang: UssdLang): string =>
  say(lang, 'ussd.help', {
    phone: ctx.config.bureauPhone ?? ctx.config.smsNumber ?? 'none',
    hours: say(lang, 'bureau.hours') ?? '',
    address: bureauAddress(ctx, lang),
  }) ?? '';

/**
 * The answer to a question, in `lang`, cut into screens: a case's and a complaint's are the SMS
 * reader's; one not found says so and to dial `code` again (the session ends on it).
 */
async function answerOf(
  ctx: Context,
  msisdn: string,
  code: string,
  question: UssdQuestion,
  lang: UssdLang,
): Promise<string[]> {
  let text: string;
  if (question.kind === 'case') {
    const caseNumber = `${ctx.config.caseNumberPrefix}-${question.year}-${question.number.padStart(6, '0')}`;
    text =
      (await caseReply(ctx, ctx.db, caseNumber, msisdn, lang)) ??
      (say(lang, 'ussd.caseNotFound', { caseNumber, code }) as string);
  } else if (question.kind === 'complaint')
    text =
      (await complaintReply(ctx, ctx.db, question.code, msisdn, lang)) ??
      (say(lang, 'ussd.complaintNotFound', { trackingCode: question.code, code }) as string);
  else text = helpText(ctx, lang);
  return cutScreens(text, lang);
}

/**
 * The session of `msisdn` on the code `code` after `inputs`, replayed until `deadline`. A session
 * that has `ended` (a gateway asking again after its `END`) changes nothing again: its SMS off or
 * on was set when it ended, and a later session may have set it otherwise since.
 */
export async function replay(
  ctx: Context,
  session: { msisdn: string; code: string; ended: boolean },
  inputs: string[],
  deadline: number,
): Promise<UssdSnapshot> {
  const { msisdn, code, ended } = session;
  const machine = ussdMachine.provide({
    actors: {
      answerOf: fromPromise(({ input }) => answerOf(ctx, msisdn, code, input.question, input.lang)),
      setTexts: fromPromise(async ({ input }) => {
        if (!ended) await (input.on ? startNumber(ctx.db, msisdn) : stopNumber(ctx.db, msisdn));
      }),
    },
  });
  const actor = createActor(machine).start();
  try {
    for (const value of inputs) {
      if (actor.getSnapshot().status === 'done') break;
      actor.send({ type: 'INPUT', value });
      if (READING.has(ussdScreen(actor.getSnapshot().value)))
        await waitFor(actor, (s) => !READING.has(ussdScreen(s.value)), { timeout: Math.max(0, deadline - Date.now()) });
    }
  } catch {
    // Not settled in time: the screen of the state it is in says so.
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

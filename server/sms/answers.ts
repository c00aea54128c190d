import { ownerOutlook } from '../../contract/case-lifecycle.machine.ts';
import type { Case, CaseHistoryEntry, CaseStatus } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import type { Lang } from '../../contract/languages.ts';
import type { COMPLAINT_STATUSES } from '../../contract/feedback/answers.ts';
import { bureauQuestion, canRate } from '../../contract/case-rules.ts';
import type { TextKey, Values } from '../texts/messages.ts';
import { say } from '../texts/messages.ts';
import { firstWords, statusName } from '../notify/templates.ts';
import type { CommandWord } from './read-command.ts';

/**
 * The answers to texts sent to the bureau's number (issue 38), in the reader's language: its
 * own words where its catalog has the SMS answers, otherwise Amharic then English. Nothing in
 * them names a person; a case's answer to any phone but the one on file is what the public
 * lookup shows (docs/decisions/0003).
 */

/** What the owner can do next on a case, as the lifecycle and the contract's rules say. */
export type NextStep =
  { kind: 'answer'; asked: string | null } | { kind: 'appeal'; until: Date } | { kind: 'rate' } | { kind: 'wait' };

export interface CaseFacts {
  caseNumber: string;
  status: CaseStatus;
  /** When the case last moved. */
  lastStep: Date;
  /** The appointment still ahead, if any. */
  appointment: Date | null;
  /** For the phone on file: the next step and the case's page; null for any other phone. */
  owner: { next: NextStep; url: string } | null;
}

/** Each language whose catalog has the SMS answers writes its own; the others read Amharic and English. */
function written(lang: Lang, write: (l: Lang) => string): string {
  return say(lang, 'sms.reply.next.wait') !== undefined ? write(lang) : `${write('am')}\n${write('en')}`;
}

const line = (lang: Lang, key: TextKey, values: Values = {}): string => say(lang, key, values) ?? '';

/**
 * The step the owner is asked for first: an answer the bureau waits for (with its question,
 * from the case's history), an appeal while open, a rating; else none.
 */
export function nextStepOf(
  c: Case,
  history: readonly Pick<CaseHistoryEntry, 'to_status' | 'note' | 'action'>[],
  at: number,
): NextStep {
  const { steps, appealUntil } = ownerOutlook(c, at);
  if (steps.includes('answer')) return { kind: 'answer', asked: bureauQuestion(c.status, history) };
  if (appealUntil !== null) return { kind: 'appeal', until: new Date(appealUntil) };
  if (canRate(c)) return { kind: 'rate' };
  return { kind: 'wait' };
}

export function caseAnswer(lang: Lang, f: CaseFacts): string {
  return written(lang, (l) => {
    const parts = [
      line(l, 'sms.reply.case', {
        caseNumber: f.caseNumber,
        status: statusName(f.status, l) ?? f.status,
        day: formatDay(f.lastStep, l),
      }),
    ];
    if (f.appointment) parts.push(line(l, 'sms.reply.appointment', { day: formatDay(f.appointment, l) }));
    if (!f.owner) parts.push(line(l, 'sms.reply.masked'));
    else if (f.owner.next.kind === 'appeal')
      parts.push(line(l, 'sms.reply.next.appeal', { day: formatDay(f.owner.next.until, l), url: f.owner.url }));
    else if (f.owner.next.kind === 'answer' && f.owner.next.asked)
      parts.push(line(l, 'sms.reply.next.asked', { asked: firstWords(f.owner.next.asked), url: f.owner.url }));
    else parts.push(line(l, `sms.reply.next.${f.owner.next.kind}`, { url: f.owner.url }));
    return parts.join(' ');
  });
}

export const caseNotFoundAnswer = (lang: Lang, caseNumber: string): string =>
  written(lang, (l) => line(l, 'sms.reply.caseNotFound', { caseNumber }));

export function complaintAnswer(
  lang: Lang,
  c: { code: string; status: (typeof COMPLAINT_STATUSES)[number] | undefined; answer: string | null; url: string },
): string {
  return written(lang, (l) => {
    if (!c.status) return line(l, 'sms.reply.complaintNotFound', { code: c.code });
    if (c.status === 'answered')
      return line(l, 'sms.reply.complaintAnswered', { code: c.code, url: c.url, answer: firstWords(c.answer ?? '') });
    return line(l, 'sms.reply.complaint', { code: c.code, state: line(l, `sms.reply.complaintState.${c.status}`) });
  });
}

/**
 * The answer to a word (STOP, START, HELP: server/sms/read-command.ts) and to anything not
 * understood; `values` are what the texts name: `example`, a case number as the bureau writes them.
 */
export const commandAnswer = (
  lang: Lang,
  kind: CommandWord | 'unknown',
  values: { example: string } & Values,
): string => written(lang, (l) => line(l, `sms.reply.${kind}`, values));

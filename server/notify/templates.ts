import type { Lang } from '../../contract/languages.ts';
import { LANGS } from '../../contract/languages.ts';
import type { CaseStatus } from '../../contract/entities.ts';
import { formatDay, formatTime } from '../../contract/dates.ts';
import { OTP_TTL_MINUTES, RESET_TTL_MINUTES } from '../../contract/limits.ts';
import type { TextKey, Values } from '../texts/messages.ts';
import { say } from '../texts/messages.ts';
import type { Mail } from './mail.ts';
import { SMS_QUOTE_MAX_CHARS } from '../config/tuning.ts';

/**
 * Mail and SMS to customers, from the server's catalogs (server/texts/<lang>.json). English
 * and Amharic are written by the team. Oromo (or), Tigrinya (tg) and Somali (sm) drafts
 * exist for the case mails; they are NOT YET REVIEWED by a native speaker, so such a mail
 * says so and carries the Amharic and English texts below the draft. A language without a
 * draft (Afar, and the account mails) gets Amharic and English together, so that nothing
 * is lost while those translations are missing.
 */
type Texts = Partial<Record<Lang, string>> & { en: string; am: string };

/** A text in every language that has it; `values` may depend on the language (a status name, a day). */
function texts(key: TextKey, values: Values | ((lang: Lang) => Values) = {}): Texts {
  const out: Partial<Record<Lang, string>> = {};
  for (const lang of LANGS) {
    const text = say(lang, key, typeof values === 'function' ? values(lang) : values);
    if (text !== undefined) out[lang] = text;
  }
  return out as Texts;
}

/** A status as customers read it (the spec's five, and the lifecycle's three more), in a language that has it. */
export const statusName = (status: CaseStatus, lang: Lang): string | undefined => say(lang, `status.${status}`);

function compose(to: string, lang: Lang, subject: Texts, body: Texts): Mail {
  const bureau = texts('bureau');
  const signed = (l: Lang) => `${body[l]}\n\n${bureau[l] ?? bureau.en}`;
  if (lang === 'en' || lang === 'am') return { to, subject: subject[lang], text: signed(lang) };
  const reference = `${signed('am')}\n\n----\n\n${signed('en')}`;
  const draft = body[lang];
  if (!draft) return { to, subject: `${subject.am} / ${subject.en}`, text: reference };
  return {
    to,
    subject: `${subject[lang] ?? subject.en} / ${subject.en}`,
    text: `${say(lang, 'draft.unreviewed') ?? ''}\n${say('en', 'draft.unreviewed')}\n\n${signed(lang)}\n\n----\n\n${reference}`,
  };
}

/** A mail of the catalogs' `mail.<name>.subject` and `mail.<name>.body`. */
const mail = (name: string, to: string, lang: Lang, values: Values | ((lang: Lang) => Values) = {}): Mail =>
  compose(to, lang, texts(`mail.${name}.subject` as TextKey, values), texts(`mail.${name}.body` as TextKey, values));

/** Whose registration a code or a link confirms (ADR 0029): the names, the phone's last digits, when it was made. */
export interface RegistrationSeen {
  name: string;
  phoneEnd: string;
  madeAt: Date;
}
const seen = (r: RegistrationSeen, l: Lang) => ({
  name: r.name,
  phoneEnd: r.phoneEnd,
  day: formatDay(r.madeAt, l),
  time: formatTime(r.madeAt, l),
});

/** The code stays out of the subject: subjects show on lock screens and stay in the outbox's record once sent. */
export const otpMail = (to: string, lang: Lang, code: string, registration: RegistrationSeen): Mail =>
  mail('otp', to, lang, (l) => ({ code, minutes: OTP_TTL_MINUTES, ...seen(registration, l) }));

/** The account's mobile number was changed (issue 48): its last digits and when, so that a change by someone else is seen. */
export const phoneChangedMail = (to: string, lang: Lang, phoneEnd: string, at: Date): Mail =>
  mail('phoneChanged', to, lang, (l) => ({ phoneEnd, day: formatDay(at, l), time: formatTime(at, l) }));

export const alreadyRegisteredMail = (to: string, lang: Lang, loginUrl: string, forgotUrl: string): Mail =>
  mail('alreadyRegistered', to, lang, { loginUrl, forgotUrl });

/** A reset link; for an address whose registration waits, the link confirms it too, and the mail says whose (issue 48). */
export const resetMail = (to: string, lang: Lang, link: string, pending?: RegistrationSeen): Mail =>
  pending
    ? mail('resetPending', to, lang, (l) => ({ link, minutes: RESET_TTL_MINUTES, ...seen(pending, l) }))
    : mail('reset', to, lang, { link, minutes: RESET_TTL_MINUTES });

/** A status change; `note` is what the bureau wrote with it (a reason, a justification), quoted as written. */
export function statusMail(
  to: string,
  lang: Lang,
  caseNumber: string,
  status: CaseStatus,
  url: string,
  note?: string | null,
  /** The appointment that closing the case cancels (issue 51), said at the end. */
  cancelled?: Date | null,
): Mail {
  const quoted = note?.trim();
  return mail('status', to, lang, (l) => ({
    caseNumber,
    url,
    status: statusName(status, l) ?? '',
    note:
      (quoted ? `\n\n${say(l, 'mail.status.bureauWrites')}\n${quoted}` : '') +
      (cancelled ? `\n\n${say(l, 'mail.status.appointmentCancelled', { day: formatDay(cancelled, l) })}` : ''),
  }));
}

/**
 * The bureau's decision on an appeal (issue 51): what it decided, its note, and for an upheld
 * appeal the rejection's own reason, which stands.
 */
export function appealMail(
  to: string,
  lang: Lang,
  caseNumber: string,
  decision: { upheld: boolean; note: string | null; rejectionReason: string | null },
  url: string,
): Mail {
  const note = decision.note?.trim();
  const reason = decision.upheld ? decision.rejectionReason?.trim() : undefined;
  return mail('appealDecided', to, lang, (l) => ({
    caseNumber,
    url,
    decision: say(l, decision.upheld ? 'appeal.upheld' : 'appeal.overturned') ?? '',
    note: note ? `\n\n${say(l, 'mail.status.bureauWrites')}\n${note}` : '',
    reason: reason ? `\n\n${say(l, 'mail.appealDecided.reason')}\n${reason}` : '',
  }));
}

/** An appointment set or moved; the day is written in the reader's calendar. */
export const scheduleMail = (
  to: string,
  lang: Lang,
  caseNumber: string,
  kind: 'scheduled' | 'extended',
  date: Date,
  url: string,
): Mail => mail(kind, to, lang, (l) => ({ caseNumber, url, day: formatDay(date, l) }));

/** Tomorrow's appointment (issue 38): the day in the reader's calendar, and where. */
export const reminderMail = (
  to: string,
  lang: Lang,
  caseNumber: string,
  date: Date,
  address: (lang: Lang) => string,
  url: string,
): Mail => mail('reminder', to, lang, (l) => ({ caseNumber, url, day: formatDay(date, l), address: address(l) }));

/** The confirmation that an account and its personal data are erased (issue 22). */
export const accountDeletedMail = (to: string, lang: Lang): Mail => mail('accountDeleted', to, lang);

/**
 * SMS to customers (issue 22): one short text, the case number and a link, nothing the
 * recipient does not already know. Written in the customer's language where a text exists
 * (drafts included: an SMS has no room for the reference texts); otherwise Amharic then English.
 */
function sms(key: TextKey, lang: Lang, values: (lang: Lang) => Values): string {
  return say(lang, key, values(lang)) ?? `${say('am', key, values('am'))}\n${say('en', key, values('en'))}`;
}

/**
 * What the bureau wrote, as an SMS quotes it: its first words up to SMS_QUOTE_MAX_CHARS (cut
 * at a space where one is near, with "..." that GSM's alphabet has), on one line.
 */
export function firstWords(text: string): string {
  const letters = [...text.trim().replace(/\s+/g, ' ')];
  if (letters.length <= SMS_QUOTE_MAX_CHARS) return letters.join('');
  const cut = letters.slice(0, SMS_QUOTE_MAX_CHARS - 3).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > SMS_QUOTE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** A status change; `asked` is the bureau's question when it asks for information, quoted by its first words. */
export const statusSms = (
  lang: Lang,
  caseNumber: string,
  status: CaseStatus,
  url: string,
  asked: string | null = null,
): string =>
  asked
    ? sms('sms.asked', lang, () => ({ caseNumber, url, asked: firstWords(asked) }))
    : sms('sms.status', lang, (l) => ({ caseNumber, url, status: statusName(status, l) ?? '' }));

export const appealSms = (lang: Lang, caseNumber: string, upheld: boolean, url: string): string =>
  sms('sms.appealDecided', lang, (l) => ({
    caseNumber,
    url,
    decision: say(l, upheld ? 'appeal.upheld' : 'appeal.overturned') ?? '',
  }));

export const scheduleSms = (
  lang: Lang,
  caseNumber: string,
  kind: 'scheduled' | 'extended',
  date: Date,
  url: string,
): string => sms(`sms.${kind}`, lang, (l) => ({ caseNumber, url, day: formatDay(date, l) }));

export const reminderSms = (lang: Lang, caseNumber: string, date: Date, address: (lang: Lang) => string): string =>
  sms('sms.reminder', lang, (l) => ({ caseNumber, day: formatDay(date, l), address: address(l) }));

/** The code that proves a phone number is the customer's. */
export const phoneCodeSms = (lang: Lang, code: string): string =>
  sms('sms.phoneCode', lang, () => ({ code, minutes: OTP_TTL_MINUTES }));

/** The bureau has answered a complaint whose complainant asked to be told by SMS: the answer's first words, its page for the rest. */
export const complaintAnsweredSms = (lang: Lang, code: string, answer: string, url: string): string =>
  sms('sms.complaintAnswered', lang, () => ({ code, url, answer: firstWords(answer) }));

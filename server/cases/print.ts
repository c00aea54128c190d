import { createHmac } from 'node:crypto';
import type { Case, PersonName } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import type { Context } from '../context.ts';
import { PdfWriter } from '../adapters/pdf.ts';
import { isUuid } from '../db/sql.ts';
import { statusName } from '../notify/templates.ts';
import { formatDay } from '../../contract/dates.ts';
import type { TextKey } from '../texts/messages.ts';
import { langOf, say } from '../texts/messages.ts';
import { enumValues, ownerLanguage } from './repository.ts';
import { enteredStatusAt } from './reader/repository.ts';
import { closedOn, isClosed, upcomingAppointment } from '../../contract/case-rules.ts';
import type { PrintResult } from '../../contract/cases/answers.ts';
import type { Lang } from '../../contract/languages.ts';
import { bureauAddress } from './calendar.ts';

const oneName = (p: Omit<PersonName, 'am'>) => `${p.firstname} ${p.middlename} ${p.lastname}`.trim();
/** A staff member's name in Ethiopic script and Latin letters, as the print's labels are bilingual. */
const fullName = (p: PersonName | null) => (p ? (p.am ? `${oneName(p.am)} / ${oneName(p)}` : oneName(p)) : '-');
/**
 * The dates as the customer's screens show them (contract/dates.ts): the Ethiopian calendar
 * for an Ethiopian language, the Gregorian for English; the print says which.
 */
/** The printed case's labels, bilingual (Amharic first, as the portal's default language), from the catalogs. */
const both = (key: TextKey) => `${say('am', key)} / ${say('en', key)}`;
const L = {
  title: both('print.title'),
  customer: both('print.customer'),
  name: both('print.name'),
  address: both('print.address'),
  phone: both('print.phone'),
  housePhone: both('print.housePhone'),
  gender: both('print.gender'),
  info: both('print.info'),
  number: both('print.number'),
  status: both('print.status'),
  division: both('print.division'),
  type: both('print.type'),
  related: both('print.related'),
  late: both('print.late'),
  submitted: both('print.submitted'),
  started: both('print.started'),
  responded: both('print.responded'),
  respondedBy: both('print.respondedBy'),
  answers: both('print.answers'),
  remark: both('print.remark'),
  schedule: both('print.schedule'),
  appointment: both('print.appointment'),
  appointmentDay: both('print.appointmentDay'),
  appointmentPlace: both('print.appointmentPlace'),
  scheduled: both('print.scheduled'),
  extended: both('print.extended'),
  rejection: both('print.rejection'),
  rejected: both('print.rejected'),
  justification: both('print.justification'),
  appealDecided: both('print.appealDecided'),
  appealNote: both('print.appealNote'),
  masked: both('print.masked'),
  closed: both('print.closed'),
  footer: both('bureau'),
};

const status = (s: Case['status']) => `${statusName(s, 'am')} / ${statusName(s, 'en')}`;

const bothNames = (o: Record<string, string>, prefix: string) => {
  const am = o[`${prefix}_am`] ?? '';
  const en = o[`${prefix}_en`] ?? '';
  return am && en && am !== en ? `${am} / ${en}` : am || en;
};

/**
 * The start of the names of a case's prints: a keyed hash of the case's id, so that a name
 * tells nobody which case it is, nor that two prints are of one person's cases (issue 48:
 * the masked lookup keeps them apart), and the owner's account deletion finds every print of
 * their cases.
 */
export const printPrefix = (ctx: Context, caseId: string): string =>
  `print-${createHmac('sha256', ctx.config.jwtSecret).update(`print:${caseId}`).digest('base64url').slice(0, 16)}-`;

/**
 * Renders the case as a PDF (labels in Amharic and English, Ethiopic font embedded), its dates in
 * the calendar of the reader's language (`reader`; the owner's when not given); answers its
 * media file name, filed under the case, and what a phone shows instead of the PDF.
 */
export async function printCase(ctx: Context, c: Case, reader?: Lang): Promise<PrintResult> {
  // Select answers hold an enum value id: print the value itself.
  const ids = c.form.map((e) => e.list_of_question.answer).filter(isUuid);
  const values = new Map((await enumValues(ctx.db, ids)).map((v) => [String(v.id), bothNames(v, 'value')]));
  // The case's owner's language (a lookup by phone prints it too, for the same person).
  const lang = reader ?? langOf((await ownerLanguage(ctx.db, c._id)) ?? 'Am');
  const day = (iso: string | null) => formatDay(iso, lang);
  const w = await PdfWriter.create(`${c.case_number}`, L.footer);
  w.title(L.title).paragraph(both(lang === 'en' ? 'print.calendar.gregorian' : 'print.calendar.ethiopic'));
  const ci = c.customer_info;
  w.heading(L.customer);
  if (c.masked) w.paragraph(L.masked);
  w.field(L.name, `${ci.firstname} ${ci.middlename} ${ci.lastname}`)
    .field(L.address, `${ci.subcity}, ${ci.woreda}, ${ci.house_number || '-'}`)
    .field(L.phone, ci.phone_number)
    .field(L.housePhone, ci.house_phone_number || '-')
    .field(L.gender, ci.gender ? both(ci.gender === 'Male' ? 'print.male' : 'print.female') : '-');
  w.heading(L.info)
    .field(L.number, c.case_number)
    .field(L.status, status(c.status))
    .field(L.division, bothNames(c.division, 'name'))
    .field(L.type, bothNames(c.caselist, 'case_name'))
    .field(L.related, c.related_case_id?.case_number ?? '-')
    .field(L.submitted, day(c.createdAt))
    .field(L.started, day(c.ongoing_date))
    .field(L.responded, day(c.verified_date));
  // A closed case says when and how it closed; an open one whether it is late.
  const closed = closedOn(c, isClosed(c.status) ? await enteredStatusAt(ctx.db, c._id, c.status) : null);
  if (isClosed(c.status)) w.field(L.closed, `${day(closed)} — ${status(c.status)}`);
  else w.field(L.late, both(c.late === 'yes' ? 'print.yes' : 'print.no'));
  if (c.status === 'verified' && c.responded_by) w.field(L.respondedBy, fullName(c.responded_by));
  if (c.form.length > 0) {
    w.heading(L.answers);
    for (const { list_of_question: e } of c.form)
      w.field(bothNames(e.question, 'name'), values.get(e.answer) ?? e.answer);
  }
  if (c.remark) w.heading(L.remark).paragraph(c.remark);
  // The appointment ahead, where the customer must come (the calendar file's and the reminders').
  const appointment = upcomingAppointment(c, Date.now());
  if (appointment)
    w.heading(L.appointment)
      .field(L.appointmentDay, formatDay(appointment, lang))
      .field(L.appointmentPlace, bureauAddress(ctx, lang));
  if (c.schedule_program.length > 0) {
    w.heading(L.schedule);
    for (const { schedule: s } of c.schedule_program) {
      if (s.scheduled_date) w.field(L.scheduled, `${day(s.scheduled_date)} — ${fullName(s.scheduled_by)}`);
      if (s.extended_date) w.field(L.extended, `${day(s.extended_date)} — ${fullName(s.extended_by)}`);
    }
  }
  if (c.rejected_by) {
    w.heading(L.rejection)
      .field(L.rejected, day(c.rejected_date))
      .field(L.justification, c.rejection_justification ?? '-');
    // The appeal's decision beside the rejection's reason, which an upheld appeal keeps.
    const appeal = c.appeal_decision;
    if (appeal)
      w.field(
        L.appealDecided,
        `${day(appeal.date)}: ${both(appeal.upheld ? 'appeal.upheld' : 'appeal.overturned')}`,
      ).field(L.appealNote, appeal.note ?? '-');
  }
  const name = await ctx.storage.write('root', 'pdf', await w.save(), printPrefix(ctx, c._id));
  return {
    file_name: name,
    path: `${MEDIA_PATHS.root}${name}`,
    case_number: c.case_number,
    status: c.status,
    masked: c.masked,
    caselist: c.caselist,
    createdAt: c.createdAt,
    closed_on: closed,
    appointment: appointment?.toISOString() ?? null,
  };
}

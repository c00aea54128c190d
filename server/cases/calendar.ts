import { createEvent } from 'ics';
import { ADDIS_ABABA_OFFSET_MS } from '../../contract/dates.ts';
import { DAY_MS } from '../../contract/limits.ts';
import type { Case } from '../../contract/entities.ts';
import type { Lang } from '../../contract/languages.ts';
import { caseLinkHref } from '../../contract/linked.ts';
import { upcomingAppointment } from '../../contract/case-rules.ts';
import type { Context } from '../context.ts';
import { notFound } from '../runtime/errors.ts';
import { say } from '../texts/messages.ts';
import { loadCaseById } from './reader/repository.ts';
import { isUuid } from '../db/sql.ts';

/** Where customers come for their appointments: BUREAU_ADDRESS, else the catalogs' words for the bureau in Addis Ababa. */
export const bureauAddress = (ctx: Pick<Context, 'config'>, lang: Lang): string =>
  ctx.config.bureauAddress ?? say(lang, 'bureau.address') ?? '';

/** A day as the calendar file writes an all-day event: its year, month and day in Addis Ababa. */
function addisDay(date: Date): [number, number, number] {
  const local = new Date(date.getTime() + ADDIS_ABABA_OFFSET_MS);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/** Longest content line RFC 5545 3.1 allows, in octets, not counting the line break. */
const LINE_OCTETS = 75;

/**
 * An iCalendar text with its lines folded at 75 octets, as RFC 5545 3.1 asks. The `ics` library
 * folds at 75 characters, so an Amharic line (three octets a letter) comes out at up to 225
 * octets: its folds are undone and the lines folded again by octets, never inside a letter.
 */
function foldByOctets(ics: string): string {
  const fold = (line: string): string => {
    const parts: string[] = [];
    let part = '';
    let octets = 0;
    for (const letter of line) {
      const size = Buffer.byteLength(letter);
      // A continuation line starts with a space, which counts.
      if (octets + size > LINE_OCTETS) {
        parts.push(part);
        part = ' ';
        octets = 1;
      }
      part += letter;
      octets += size;
    }
    return [...parts, part].join('\r\n');
  };
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .map(fold)
    .join('\r\n');
}

/**
 * A case's coming appointment as an iCalendar file (RFC 5545, by the `ics` library): an
 * all-day event on the appointment's day in Addis Ababa, titled and described in Amharic and
 * English (as the print is), at the bureau's address, with a reminder the evening before.
 * Only what the public lookup shows goes in (the day, the case number): no person. Throws
 * 404 `noAppointment` when the case has none ahead.
 */
export async function appointmentCalendar(ctx: Context, caseId: string): Promise<{ name: string; ics: string }> {
  if (!isUuid(caseId)) throw notFound('caseNotFound');
  const found = await loadCaseById(ctx.db, caseId);
  if (!found) throw notFound('caseNotFound');
  const c: Pick<Case, '_id' | 'case_number' | 'caselist' | 'status' | 'schedule_program'> = found;
  const at = upcomingAppointment(c, Date.now());
  if (!at) throw notFound('noAppointment');
  const both = (write: (lang: Lang) => string) => `${write('am')} / ${write('en')}`;
  const start = addisDay(at);
  const next = addisDay(new Date(at.getTime() + DAY_MS));
  const { error, value } = createEvent({
    productId: 'housing-bureau-portal',
    uid: `appointment-${c._id}-${start.join('')}@housing-bureau-portal`,
    start,
    end: next,
    title: both((l) => say(l, 'calendar.title', { caseNumber: c.case_number }) ?? c.case_number),
    description: `${both((l) => say(l, 'calendar.description', { caseNumber: c.case_number }) ?? '')}\n${ctx.config.publicUrl}${caseLinkHref(c._id, c.case_number, c.caselist._id)}`,
    location: ctx.config.bureauAddress ?? both((l) => bureauAddress(ctx, l)),
    url: `${ctx.config.publicUrl}${caseLinkHref(c._id, c.case_number, c.caselist._id)}`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    alarms: [
      {
        action: 'display',
        description: both((l) => say(l, 'calendar.title', { caseNumber: c.case_number }) ?? c.case_number),
        trigger: { hours: 6, before: true },
      },
    ],
  });
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return { name: `appointment-${c.case_number}.ics`, ics: foldByOctets(value) };
}

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import { formatDay } from '../../contract/dates.ts';
import { findStaff, scheduleCase } from '../../server/cases/staff/staff.ts';
import type { TestApp } from '../support/api.ts';
import {
  applicationFor,
  call,
  expectError,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';
import { moveAs, HANDLER } from '../support/staff.ts';

/** The text of a PDF, its runs joined. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  const runs: string[] = [];
  for (let n = 1; n <= doc.numPages; n++)
    for (const item of (await (await doc.getPage(n)).getTextContent()).items) if ('str' in item) runs.push(item.str);
  return runs.join(' ').replace(/\s+/g, ' ');
}

/** An iCalendar file's lines, its folded lines unfolded (RFC 5545 3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('the appointment ahead: a calendar file from the case page, and on the print', () => {
  let t: TestApp;
  let staffId: string;
  beforeAll(async () => {
    t = await startApp('pglite', { env: { BUREAU_ADDRESS: 'Bole Road, Building 7; floor 2' } });
    staffId = (await findStaff(t.ctx, HANDLER)).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an all-day event on the appointment’s day at the bureau’s address, with the case number and no person; 404 without one', async () => {
    const c = await newCustomer(t, { firstname: 'Almaz' });
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(await openCaseList(t)), token: c.token, ip: freshIp() }),
    ).case;
    expectError(await call(t, 'getAppointmentCalendar', { params: { id: k._id } }), 404, 'noAppointment');
    expectError(await call(t, 'getAppointmentCalendar', { params: { id: 'nope' } }), 404, 'caseNotFound');

    const day = new Date(Date.now() + 5 * 86_400_000);
    day.setUTCHours(0, 0, 0, 0);
    await scheduleCase(t.ctx, k.case_number, 'scheduled', day, staffId);
    // Anyone holding the case's id gets it (what the lookup shows): no token.
    const res = await call(t, 'getAppointmentCalendar', { params: { id: k._id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="appointment-${k.case_number}.ics"`);
    const lines = unfolded(res.body);
    const local = new Date(day.getTime() + 3 * 3_600_000);
    const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
    expect(lines).toContain('BEGIN:VCALENDAR');
    expect(lines).toContain(`DTSTART;VALUE=DATE:${ymd(local)}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${ymd(new Date(local.getTime() + 86_400_000))}`);
    expect(lines).toContain('LOCATION:Bole Road\\, Building 7\\; floor 2');
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toContain(k.case_number);
    // The link names the case's number: opened without a session, the visitor is told which case to log in for (ADR 0034).
    expect(lines.find((l) => l.startsWith('URL:'))).toBe(
      `URL:http://portal.test/dashboard/case/${k._id}?case=${k.case_number}&type=${k.caselist._id}`,
    );
    expect(lines).toContain('BEGIN:VALARM');
    // Folded at 75 octets (RFC 5545 3.1), not 75 letters: the Amharic title is three octets a letter.
    const raw = res.body.split('\r\n');
    expect(Math.max(...raw.map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
    expect(raw.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(1);
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toMatch(/^SUMMARY:\p{Script=Ethiopic}/u);
    expect(res.body).not.toContain('Almaz');

    // The print shows it: the day in the owner's calendar, and where.
    const printed = await call(t, 'printCase', { params: { id: k._id }, token: c.token, ip: freshIp() });
    const file = await t.ctx.storage.read('root', json<{ file_name: string }>(printed).file_name);
    const text = await pdfText(new Uint8Array(file ?? []));
    expect(text).toContain('Your appointment');
    expect(text).toContain(formatDay(day, 'en').replace(/\s+/g, ' '));
    expect(text).toContain('Bole Road, Building 7; floor 2');

    // Closed: the appointment is cancelled, the file is no more.
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, { to: 'rejected', justification: 'Duplicate.' });
    expectError(await call(t, 'getAppointmentCalendar', { params: { id: k._id } }), 404, 'noAppointment');
  });
});

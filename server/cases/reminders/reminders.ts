import { ADDIS_ABABA_OFFSET_MS } from '../../../contract/dates.ts';
import { DAY_MS } from '../../../contract/limits.ts';
import { caseLinkHref } from '../../../contract/linked.ts';
import { isClosed } from '../../../contract/case-rules.ts';
import type { Context } from '../../context.ts';
import type { Lang } from '../../../contract/languages.ts';
import { bureauAddress } from '../calendar.ts';
import { tell } from '../../notify/tell.ts';
import { reminderMail, reminderSms } from '../../notify/templates.ts';
import { lockCase } from '../repository.ts';
import { appointmentsAround, markReminded } from './repository.ts';

const HOUR_MS = DAY_MS / 24;

/**
 * When an appointment's reminder may go: from `hour` o'clock (Addis Ababa time) of the day
 * before the appointment's day, until that day begins. Past it, the day has come: no reminder.
 */
export function reminderWindow(appointment: Date, hour: number): { from: number; until: number } {
  const local = appointment.getTime() + ADDIS_ABABA_OFFSET_MS;
  const dayStarts = local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - ADDIS_ABABA_OFFSET_MS;
  return { from: dayStarts - DAY_MS + hour * HOUR_MS, until: dayStarts };
}

/**
 * Reminds customers of tomorrow's appointments (issue 38), on the channels they chose, in
 * their language and calendar: each appointment date once (`appointment_reminders`, whichever
 * process gets there first). An appointment is its extended date when it was moved (the old
 * date is not reminded), else its scheduled date; a closed case's appointments (verified,
 * rejected, withdrawn: cancelled) are not reminded. `now` is the clock (tests control it).
 * Answers how many reminders went.
 */
export async function remindAppointments(ctx: Context, now: Date = new Date()): Promise<number> {
  let sent = 0;
  const hour = ctx.config.reminderHour;
  for (const a of await appointmentsAround(ctx.db, now)) {
    const window = reminderWindow(a.appointment_at, hour);
    if (now.getTime() < window.from || now.getTime() >= window.until) continue;
    await ctx.db.tx(async (q) => {
      const c = await lockCase(q, a.case_id);
      if (!c || isClosed(c.status)) return;
      if (!(await markReminded(q, a.case_id, a.appointment_at))) return;
      const url = `${ctx.config.publicUrl}${caseLinkHref(c.id, c.case_number, c.case_list_id)}`;
      const address = (lang: Lang) => bureauAddress(ctx, lang);
      await tell(ctx, q, c, {
        mail: (to, lang) => reminderMail(to, lang, c.case_number, a.appointment_at, address, url),
        sms: (lang) => reminderSms(lang, c.case_number, a.appointment_at, address),
      });
      sent += 1;
    });
  }
  if (sent > 0) ctx.log.info({ reminders: sent }, 'appointments reminded');
  return sent;
}

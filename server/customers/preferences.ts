import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { LanCode } from '../../contract/languages.ts';
import { LAN_CODES } from '../../contract/languages.ts';
import type { NotificationPreferences } from '../../contract/entities.ts';
import { preferencesProblem } from '../../contract/preferences.ts';
import { OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, PHONE_END_DIGITS } from '../../contract/limits.ts';
import type { Context } from '../context.ts';
import { AppError, tooManyRequests, unauthorized } from '../runtime/errors.ts';
import { langOf, message } from '../texts/messages.ts';
import { smsNumberOf } from '../notify/sms.ts';
import { phoneKey } from '../../contract/phone.ts';
import { isStopped } from '../notify/repository.ts';
import { provenNumber } from '../notify/tell.ts';
import { randomDigits } from '../adapters/tokens.ts';
import { phoneChangedMail, phoneCodeSms } from '../notify/templates.ts';
import type { PreferencesRow } from './phone/repository.ts';
import { markPhoneProven, preferencesOf, putPhoneCode, saveChoices, tryPhoneCode } from './phone/repository.ts';

const toPreferences = (ctx: Context, r: PreferencesRow, stopped: boolean): NotificationPreferences => ({
  email: r.notify_email,
  sms: r.notify_sms,
  language: (LAN_CODES as readonly string[]).includes(r.preferred_language) ? (r.preferred_language as LanCode) : 'Am',
  phone: r.phone,
  phone_verified: provenNumber(r) !== null,
  sms_stopped: stopped,
  sms_number: ctx.config.smsNumber,
});

/**
 * The preferences as the customer reads them. Whether their number sent STOP is shown only
 * once they proved the number is theirs (issue 48): an account that merely typed someone's
 * number learns nothing of that number's wishes.
 */
async function shown(ctx: Context, r: PreferencesRow): Promise<NotificationPreferences> {
  const number = provenNumber(r);
  return toPreferences(ctx, r, number !== null && (await isStopped(ctx.db, number)));
}

async function row(ctx: Context, customerId: string): Promise<PreferencesRow> {
  const found = await preferencesOf(ctx.db, customerId);
  if (!found) throw unauthorized();
  return found;
}

export async function getPreferences(ctx: Context, customerId: string): Promise<NotificationPreferences> {
  return shown(ctx, await row(ctx, customerId));
}

/**
 * Saves the channels and the language of every message from now on. At least one channel;
 * SMS only once the number on file is verified (else nothing could reach the person).
 */
export async function savePreferences(
  ctx: Context,
  customerId: string,
  wanted: { email: boolean; sms: boolean; language: NotificationPreferences['language'] },
): Promise<Messages & { preferences: NotificationPreferences }> {
  const problem = preferencesProblem(wanted, provenNumber(await row(ctx, customerId)) !== null);
  if (problem) throw new AppError(problem === 'noChannel' ? 400 : 409, problem);
  const saved = await saveChoices(ctx.db, customerId, wanted);
  if (!saved) throw unauthorized();
  return { ...message('preferencesSaved'), preferences: await shown(ctx, saved) };
}

/** The code is kept as a keyed hash bound to the account and the number: a stolen table reveals no code. */
const codeHash = (ctx: Context, customerId: string, phone: string, code: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`phone:${customerId}:${phone}:${code}`).digest('hex');

/**
 * Sends a code by SMS to the number on file, or to `newPhone` when the customer is changing
 * their number (issue 48: the number changes only once the code sent to the new one is typed
 * back), with the rules of the e-mail code: hashed, OTP_TTL_MINUTES minutes,
 * OTP_MAX_ATTEMPTS tries, a new one replaces the last; limited per number (whoever asks,
 * counted by the number's key however it is written) as well as per account.
 */
export async function sendPhoneCode(ctx: Context, customerId: string, newPhone?: string): Promise<Messages> {
  const { phone: onFile, preferred_language } = await row(ctx, customerId);
  const phone = newPhone?.trim() || onFile;
  const number = smsNumberOf(ctx.config.smsReach, phone);
  if (!number) throw new AppError(409, 'phoneNotMobile');
  // The number said STOP: not even a code goes to it (a stranger's account could name it) until it says START.
  if (await isStopped(ctx.db, number)) throw new AppError(409, 'smsStopped');
  const rule = ctx.rules['account:phoneCode'];
  const hit = await ctx.rates.hit(`account:phoneCode:${number}`, rule.windowMs);
  if (hit.count > rule.max) throw tooManyRequests(hit.resetMs, 'account:phoneCode');
  const code = randomDigits(OTP_DIGITS);
  await ctx.db.tx(async (q) => {
    await putPhoneCode(q, customerId, phone, codeHash(ctx, customerId, phone, code), OTP_TTL_MINUTES);
    await ctx.texter.send(
      { to: number, text: phoneCodeSms(langOf(preferred_language), code) },
      { customer: customerId },
      q,
    );
  });
  return message('phoneCodeSent', { minutes: OTP_TTL_MINUTES });
}

/**
 * Proves the number the code was sent to; each try counts before the code is compared. A
 * code sent to a new number makes it the number on file, and the customer is told by e-mail
 * (whoever holds a session cannot move the account's number quietly).
 */
export async function verifyPhoneCode(
  ctx: Context,
  customerId: string,
  code: string,
): Promise<Messages & { preferences: NotificationPreferences }> {
  const before = await row(ctx, customerId);
  const pending = await tryPhoneCode(ctx.db, customerId, OTP_MAX_ATTEMPTS);
  const key = pending ? smsNumberOf(ctx.config.smsReach, pending.phone) : null;
  if (!pending || !key) throw new AppError(400, 'phoneCodeInvalid');
  if (!timingSafeEqual(Buffer.from(codeHash(ctx, customerId, pending.phone, code)), Buffer.from(pending.code_hash)))
    throw new AppError(400, 'phoneCodeInvalid');
  const changed = phoneKey(before.phone) !== key;
  const saved = await ctx.db.tx(async (q) => {
    const now = await markPhoneProven(q, customerId, pending.phone, key);
    if (now && changed)
      await ctx.mailer.send(
        phoneChangedMail(now.email, langOf(now.preferred_language), key.slice(-PHONE_END_DIGITS), new Date()),
        { customer: customerId },
        q,
      );
    return now;
  });
  if (!saved) throw unauthorized();
  return {
    ...(changed ? message('phoneChanged', { phone: saved.phone }) : message('phoneVerified')),
    preferences: await shown(ctx, saved),
  };
}

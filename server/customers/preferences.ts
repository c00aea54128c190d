import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { LanCode } from '../../contract/languages.ts';
import { LAN_CODES } from '../../contract/languages.ts';
import type { NotificationPreferences } from '../../contract/entities.ts';
import { preferencesProblem } from '../../contract/preferences.ts';
import { OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '../../contract/limits.ts';
import type { Context } from '../context.ts';
import { AppError, tooManyRequests, unauthorized } from '../errors.ts';
import { langOf, message } from '../messages.ts';
import { toMsisdn } from '../notify/sms.ts';
import { isStopped } from '../sms/repository.ts';
import { randomDigits } from '../adapters/tokens.ts';
import { phoneCodeSms } from '../notify/templates.ts';
import type { PreferencesRow } from './repository.ts';
import { markPhoneVerified, preferencesOf, putPhoneCode, saveChoices, tryPhoneCode } from './repository.ts';

const toPreferences = (ctx: Context, r: PreferencesRow, stopped: boolean): NotificationPreferences => ({
  email: r.notify_email,
  sms: r.notify_sms,
  language: (LAN_CODES as readonly string[]).includes(r.preferred_language) ? (r.preferred_language as LanCode) : 'Am',
  phone: r.phone,
  phone_verified: r.phone_verified !== null && r.phone_verified === r.phone,
  sms_stopped: stopped,
  sms_number: ctx.config.smsNumber,
});

/** The preferences as the customer reads them, with whether their number sent STOP. */
async function shown(ctx: Context, r: PreferencesRow): Promise<NotificationPreferences> {
  const number = toMsisdn(r.phone);
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
  const problem = preferencesProblem(wanted, (await shown(ctx, await row(ctx, customerId))).phone_verified);
  if (problem) throw new AppError(problem === 'noChannel' ? 400 : 409, problem);
  const saved = await saveChoices(ctx.db, customerId, wanted);
  if (!saved) throw unauthorized();
  return { ...message('preferencesSaved'), preferences: await shown(ctx, saved) };
}

/** The code is kept as a keyed hash bound to the account and the number: a stolen table reveals no code. */
const codeHash = (ctx: Context, customerId: string, phone: string, code: string) =>
  createHmac('sha256', ctx.config.jwtSecret).update(`phone:${customerId}:${phone}:${code}`).digest('hex');

/**
 * Sends a code by SMS to the number on file, with the rules of the e-mail code: hashed,
 * OTP_TTL_MINUTES minutes, OTP_MAX_ATTEMPTS tries, a new one replaces the last; limited per
 * number (whoever asks) as well as per account.
 */
export async function sendPhoneCode(ctx: Context, customerId: string): Promise<Messages> {
  const { phone, preferred_language } = await row(ctx, customerId);
  const number = toMsisdn(phone);
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

/** Proves the number on file with the code sent to it; each try counts before the code is compared. */
export async function verifyPhoneCode(
  ctx: Context,
  customerId: string,
  code: string,
): Promise<Messages & { preferences: NotificationPreferences }> {
  const { phone } = await row(ctx, customerId);
  const pending = await tryPhoneCode(ctx.db, customerId, OTP_MAX_ATTEMPTS);
  // A code sent to a number that is no longer the one on file proves nothing.
  if (!pending || pending.phone !== phone) throw new AppError(400, 'phoneCodeInvalid');
  if (!timingSafeEqual(Buffer.from(codeHash(ctx, customerId, phone, code)), Buffer.from(pending.code_hash)))
    throw new AppError(400, 'phoneCodeInvalid');
  const saved = await ctx.db.tx((q) => markPhoneVerified(q, customerId));
  if (!saved) throw unauthorized();
  return { ...message('phoneVerified'), preferences: await shown(ctx, saved) };
}

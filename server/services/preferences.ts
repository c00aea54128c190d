import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LanCode, Messages } from '../../contract/common.ts';
import { LAN_CODES } from '../../contract/common.ts';
import type { NotificationPreferences } from '../../contract/entities.ts';
import { preferencesProblem } from '../../contract/preferences.ts';
import { OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '../../contract/limits.ts';
import type { Context } from '../context.ts';
import { AppError, tooManyRequests, unauthorized } from '../errors.ts';
import { langOf, message } from '../messages.ts';
import { toMsisdn } from '../notify/sms.ts';
import { randomDigits } from '../adapters/tokens.ts';
import { phoneCodeSms } from './mail-templates.ts';

interface PreferencesRow {
  notify_email: boolean;
  notify_sms: boolean;
  preferred_language: string;
  phone: string;
  phone_verified: string | null;
}

const toPreferences = (r: PreferencesRow): NotificationPreferences => ({
  email: r.notify_email,
  sms: r.notify_sms,
  language: (LAN_CODES as readonly string[]).includes(r.preferred_language) ? (r.preferred_language as LanCode) : 'Am',
  phone: r.phone,
  phone_verified: r.phone_verified !== null && r.phone_verified === r.phone,
});

async function row(ctx: Context, customerId: string): Promise<PreferencesRow> {
  const [found] = await ctx.db.query<PreferencesRow>(
    'SELECT notify_email, notify_sms, preferred_language, phone, phone_verified FROM customers WHERE id = $1',
    [customerId],
  );
  if (!found) throw unauthorized();
  return found;
}

export async function getPreferences(ctx: Context, customerId: string): Promise<NotificationPreferences> {
  return toPreferences(await row(ctx, customerId));
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
  const problem = preferencesProblem(wanted, toPreferences(await row(ctx, customerId)).phone_verified);
  if (problem) throw new AppError(problem === 'noChannel' ? 400 : 409, problem);
  const [saved] = await ctx.db.query<PreferencesRow>(
    `UPDATE customers SET notify_email = $2, notify_sms = $3, preferred_language = $4 WHERE id = $1
     RETURNING notify_email, notify_sms, preferred_language, phone, phone_verified`,
    [customerId, wanted.email, wanted.sms, wanted.language],
  );
  if (!saved) throw unauthorized();
  return { ...message('preferencesSaved'), preferences: toPreferences(saved) };
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
  const rule = ctx.rules['account:phoneCode'];
  const hit = await ctx.rates.hit(`account:phoneCode:${number}`, rule.windowMs);
  if (hit.count > rule.max) throw tooManyRequests(hit.resetMs, 'account:phoneCode');
  const code = randomDigits(OTP_DIGITS);
  await ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO phone_codes (customer_id, phone, code_hash, expires_at, attempts) VALUES ($1, $2, $3, now() + $4::int * interval '1 minute', 0)
       ON CONFLICT (customer_id) DO UPDATE SET phone = excluded.phone, code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
      [customerId, phone, codeHash(ctx, customerId, phone, code), OTP_TTL_MINUTES],
    );
    await ctx.texter.send({ to: number, text: phoneCodeSms(langOf(preferred_language), code) }, { customer: customerId }, q);
  });
  return message('phoneCodeSent', { minutes: OTP_TTL_MINUTES });
}

/** Proves the number on file with the code sent to it; each try counts before the code is compared. */
export async function verifyPhoneCode(ctx: Context, customerId: string, code: string): Promise<Messages & { preferences: NotificationPreferences }> {
  const { phone } = await row(ctx, customerId);
  const [pending] = await ctx.db.query<{ code_hash: string; phone: string }>(
    `UPDATE phone_codes SET attempts = attempts + 1
     WHERE customer_id = $1 AND attempts < $2 AND expires_at > now() RETURNING code_hash, phone`,
    [customerId, OTP_MAX_ATTEMPTS],
  );
  // A code sent to a number that is no longer the one on file proves nothing.
  if (!pending || pending.phone !== phone) throw new AppError(400, 'phoneCodeInvalid');
  if (!timingSafeEqual(Buffer.from(codeHash(ctx, customerId, phone, code)), Buffer.from(pending.code_hash))) throw new AppError(400, 'phoneCodeInvalid');
  const saved = await ctx.db.tx(async (q) => {
    await q.query('DELETE FROM phone_codes WHERE customer_id = $1', [customerId]);
    const [r] = await q.query<PreferencesRow>(
      'UPDATE customers SET phone_verified = phone WHERE id = $1 RETURNING notify_email, notify_sms, preferred_language, phone, phone_verified',
      [customerId],
    );
    return r;
  });
  if (!saved) throw unauthorized();
  return { ...message('phoneVerified'), preferences: toPreferences(saved) };
}

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import { OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, PHONE_END_DIGITS } from '../../contract/limits.ts';
import type { RegistrationFields } from '../../contract/customers/requests.ts';
import { paths } from '../../contract/paths.ts';
import { phoneKey } from '../../contract/phone.ts';
import { countTarget } from '../adapters/rate-store.ts';
import type { Staged } from '../adapters/storage.ts';
import { randomDigits, sha256 } from '../adapters/tokens.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { AppError } from '../runtime/errors.ts';
import { langOf, message } from '../texts/messages.ts';
import type { RegistrationSeen } from '../notify/templates.ts';
import { alreadyRegisteredMail, otpMail } from '../notify/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { CustomerRow, RegisteredField } from './repository.ts';
import {
  findByEmail,
  insertCustomer,
  lockPending,
  markVerified,
  noteReplaced,
  normalizeEmail,
  putOtp,
  REGISTERED_FIELDS,
  replacePending,
  tryOtp,
  wasReplaced,
} from './repository.ts';

const minutesFromNow = (m: number): Date => new Date(Date.now() + m * 60_000);

/**
 * The code is kept as a keyed hash bound to its account and to the registration it was sent
 * for: a stolen table reveals no code, and a registration made since makes it worthless.
 */
function otpHash(ctx: Context, customerId: string, registrationId: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`otp:${customerId}:${registrationId}:${code}`).digest('hex');
}

type Registrant = Pick<
  CustomerRow,
  'id' | 'registration_id' | 'email' | 'preferred_language' | 'firstname' | 'middlename' | 'lastname' | 'phone'
> & { created_at: Date };

/** Whose a registration is, as its mails say (ADR 0029): the names, the phone's last digits, when it was made. */
export const seenAs = (
  r: Omit<Registrant, 'id' | 'registration_id' | 'email' | 'preferred_language'>,
): RegistrationSeen => ({
  name: `${r.firstname} ${r.middlename} ${r.lastname}`,
  phoneEnd: r.phone.replace(/\D/g, '').slice(-PHONE_END_DIGITS),
  madeAt: r.created_at,
});

async function issueOtp(ctx: Context, q: Queryable, customer: Registrant): Promise<void> {
  const code = randomDigits(OTP_DIGITS);
  await putOtp(
    q,
    customer.id,
    otpHash(ctx, customer.id, customer.registration_id, code),
    minutesFromNow(OTP_TTL_MINUTES),
  );
  // The mail names whose registration the code confirms (name, the phone's last digits, when),
  // so a mailbox owner can tell someone else's from their own (ADR 0029).
  await ctx.mailer.send(
    otpMail(customer.email, langOf(customer.preferred_language), code, seenAs(customer)),
    {
      customer: customer.id,
    },
    q,
  );
}

class VerifiedMeanwhile extends Error {}

/**
 * Registration. The answer is the same whether or not the email is taken: a verified owner
 * is told by mail that someone tried. A registration of an email that is not yet verified
 * replaces the pending one whole (details, password, picture) under a new registration id,
 * so the code mailed for the earlier one verifies nothing: whoever registered first, the
 * mailbox owner's own registration is the one their code proves (ADR 0020).
 */
export async function register(
  ctx: Context,
  fields: RegistrationFields,
  picture: Staged | undefined,
): Promise<Messages & { email: string; registration: string }> {
  const email = normalizeEmail(fields.email);
  // The registration's id, given to the browser that made it (a random one for a taken email: the answers look alike).
  const registration = randomUUID();
  const answer = { ...message('registered'), email, registration };
  // One email or one phone number registered again and again, from any number of addresses.
  await countTarget(ctx.rates, ctx.rules, 'register:email', sha256(email));
  // One phone however it is written (0911…, +251 911…, 00251…): the schema let through only numbers with a key.
  await countTarget(ctx.rates, ctx.rules, 'register:phone', sha256(phoneKey(fields.phone) ?? fields.phone));
  // Hashed whether or not the email is taken: both answers take the same time.
  const passwordHash = await hashPassword(fields.password);
  const existing = await findByEmail(ctx.db, email);
  if (existing?.email_verified) {
    const base = ctx.config.publicUrl;
    await ctx.mailer.send(
      alreadyRegisteredMail(
        email,
        langOf(existing.preferred_language),
        `${base}${paths.login}`,
        `${base}${paths.forgotPassword}`,
      ),
      {
        customer: existing.id,
      },
    );
    return answer;
  }
  const language = fields.preferred_language ?? 'Am';
  const registrant = {
    // Each field of the table as written, an optional one left empty as ''.
    ...(Object.fromEntries(REGISTERED_FIELDS.map((f) => [f, fields[f] ?? ''])) as Record<RegisteredField, string>),
    preferred_language: language,
    password_hash: passwordHash,
    picture: picture?.name ?? null,
    registration_id: registration,
  };
  let replaced: string | null = null;
  try {
    await ctx.storage.keep(picture, async (q) => {
      // The pending registration, locked: two at once replace it one after the other.
      let pending = await lockPending(q, email);
      if (!pending) {
        const id = randomUUID();
        if (await insertCustomer(q, id, email, registrant))
          return issueOtp(ctx, q, { id, email, ...registrant, created_at: new Date() });
        // The same new email registered at once by another request that went first: this one
        // replaces it like any pending registration, and its handle is told so.
        pending = await lockPending(q, email);
        if (!pending) throw new VerifiedMeanwhile();
      }
      replaced = pending.picture;
      await noteReplaced(q, pending.id, pending.registration_id);
      await replacePending(q, pending.id, registrant);
      await issueOtp(ctx, q, { id: pending.id, email, ...registrant, created_at: new Date() });
    });
  } catch (error) {
    // Verified since it was read: the account stands, and this registration keeps nothing (not its picture).
    if (error instanceof VerifiedMeanwhile) return answer;
    throw error;
  }
  if (replaced && replaced !== picture?.name) await ctx.storage.remove('CustomerImages', replaced);
  return answer;
}

/**
 * Confirms a registration with the code mailed for it, and only for the person who made it
 * (ADR 0029). The code proves the mailbox; whose registration it is, the browser that made it
 * proves with its handle (`registration`), anyone else with the password chosen for it. So a
 * mailbox owner who types the code of a registration someone else made since opens nothing:
 * with their own handle they are told to register again (nothing changes, not even a try),
 * with their own password the code is refused.
 */
export async function validateOtp(
  ctx: Context,
  body: { email: string; otp: string; registration?: string | undefined; password?: string | undefined },
): Promise<Messages> {
  const invalid = () => new AppError(400, 'otpInvalid');
  const { registration, password } = body;
  if (registration === undefined && !password)
    throw new AppError(400, 'otpPasswordNeeded', { fields: { password: 'required' } });
  const customer = await findByEmail(ctx.db, body.email);
  if (!customer || customer.email_verified) throw invalid();
  // Told "someone registered since" only for a handle this address really had: a made-up one learns nothing.
  if (registration !== undefined && registration !== customer.registration_id)
    throw (await wasReplaced(ctx.db, customer.id, registration))
      ? new AppError(409, 'registrationReplaced')
      : invalid();
  // Each try is counted before the code is compared, atomically: parallel tries cannot pass five.
  const codeHash = await tryOtp(ctx.db, customer.id, OTP_MAX_ATTEMPTS);
  if (!codeHash) throw invalid();
  const given = Buffer.from(otpHash(ctx, customer.id, customer.registration_id, body.otp));
  if (!timingSafeEqual(given, Buffer.from(codeHash))) throw invalid();
  // Without the handle, the password is checked only once the code was right: the tries of the code bound it too.
  if (registration === undefined && !(await verifyPassword(password ?? '', customer.password_hash)))
    throw new AppError(400, 'otpPasswordMismatch');
  // Verified only if no other registration replaced this one since it was read; its phone is then the owner's own.
  if (!(await ctx.db.tx((q) => markVerified(q, customer.id, customer.registration_id)))) throw invalid();
  return message('otpVerified');
}

/**
 * A new code for the pending registration of `email`. With `registration` (the browser that
 * registered says which registration is its own), only while that is still the pending one:
 * a code is never mailed for a registration someone else made since. The answer is the same.
 */
export async function resendOtp(ctx: Context, email: string, registration: string | undefined): Promise<Messages> {
  const customer = await findByEmail(ctx.db, email);
  if (
    customer &&
    !customer.email_verified &&
    (registration === undefined || registration === customer.registration_id)
  ) {
    const rule = ctx.rules['account:otp'];
    const hit = await ctx.rates.hit(`account:otp:${customer.id}`, rule.windowMs);
    if (hit.count <= rule.max) await issueOtp(ctx, ctx.db, customer);
  }
  return message('otpResent');
}

import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { Customer } from '../../contract/entities.ts';
import { OTP_DIGITS, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, RESET_TOKEN_BYTES, RESET_TTL_MINUTES } from '../../contract/limits.ts';
import type { RegistrationFields } from '../../contract/payloads.ts';
import type { Context } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../errors.ts';
import { langOf, message } from '../messages.ts';
import { countTarget } from '../adapters/rate-store.ts';
import type { Staged } from '../adapters/storage.ts';
import { alreadyRegisteredMail, otpMail, resetMail } from './mail-templates.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { isUuid } from './reference.ts';
import type { SessionClaims } from '../adapters/tokens.ts';
import { randomDigits, randomToken, sha256 } from '../adapters/tokens.ts';
import { paths } from '../../contract/paths.ts';
import { UNVERIFIED_REGISTRATION_DAYS } from '../tuning.ts';

const normalizeEmail = (email: string): string => email.trim().toLowerCase();
const minutesFromNow = (m: number): Date => new Date(Date.now() + m * 60_000);

interface CustomerRow {
  id: string;
  email: string;
  password_hash: string;
  firstname: string;
  middlename: string;
  lastname: string;
  gender: 'Male' | 'Female';
  subcity: string;
  woreda: string;
  house_number: string;
  phone: string;
  house_phone_number: string;
  picture: string | null;
  status: 'active' | 'inactive';
  email_verified: boolean;
  preferred_language: string;
  token_version: number;
  registration_id: string;
}

const findByEmail = async (db: Queryable, email: string) =>
  (await db.query<CustomerRow>('SELECT * FROM customers WHERE email = $1', [normalizeEmail(email)]))[0];

export const toCustomer = (r: CustomerRow): Customer => ({
  _id: r.id,
  firstname: r.firstname,
  middlename: r.middlename,
  lastname: r.lastname,
  gender: r.gender,
  status: r.status,
  picture: r.picture,
  phone: r.phone,
  email: r.email,
  woreda: r.woreda,
  subcity: r.subcity,
  house_number: r.house_number,
  house_phone_number: r.house_phone_number,
  preferred_language: r.preferred_language,
});

/**
 * The code is kept as a keyed hash bound to its account and to the registration it was sent
 * for: a stolen table reveals no code, and a registration made since makes it worthless.
 */
function otpHash(ctx: Context, customerId: string, registrationId: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`otp:${customerId}:${registrationId}:${code}`).digest('hex');
}

type Registrant = Pick<CustomerRow, 'id' | 'registration_id' | 'email' | 'preferred_language' | 'firstname' | 'middlename' | 'lastname'>;

async function issueOtp(ctx: Context, q: Queryable, customer: Registrant): Promise<void> {
  const code = randomDigits(OTP_DIGITS);
  await q.query(
    `INSERT INTO otp_codes (customer_id, code_hash, expires_at, attempts) VALUES ($1, $2, $3, 0)
     ON CONFLICT (customer_id) DO UPDATE SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0`,
    [customer.id, otpHash(ctx, customer.id, customer.registration_id, code), minutesFromNow(OTP_TTL_MINUTES)],
  );
  // The mail names whose registration the code confirms, so a mailbox owner can tell.
  await ctx.mailer.send(
    otpMail(customer.email, langOf(customer.preferred_language), code, `${customer.firstname} ${customer.middlename} ${customer.lastname}`),
    { customer: customer.id },
    q,
  );
}

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
  await countTarget(ctx.rates, ctx.rules, 'register:phone', sha256(fields.phone.replace(/\D/g, '')));
  // Hashed whether or not the email is taken: both answers take the same time.
  const passwordHash = await hashPassword(fields.password);
  const existing = await findByEmail(ctx.db, email);
  if (existing?.email_verified) {
    const base = ctx.config.publicUrl;
    await ctx.mailer.send(alreadyRegisteredMail(email, langOf(existing.preferred_language), `${base}${paths.login}`, `${base}${paths.forgotPassword}`), {
      customer: existing.id,
    });
    return answer;
  }
  const language = fields.preferred_language ?? 'Am';
  const values = [
    fields.firstname,
    fields.middlename,
    fields.lastname,
    fields.gender,
    fields.subcity,
    fields.woreda,
    fields.house_number ?? '',
    fields.phone,
    fields.house_phone_number ?? '',
    language,
    passwordHash,
  ];
  const names = { email, preferred_language: language, firstname: fields.firstname, middlename: fields.middlename, lastname: fields.lastname };
  let replaced: string | null = null;
  try {
    await ctx.storage.keep(picture, async (q) => {
      let id: string;
      // The pending registration, locked: two at once replace it one after the other.
      const [pending] = await q.query<{ id: string; picture: string | null }>(
        'SELECT id, picture FROM customers WHERE email = $1 AND NOT email_verified FOR UPDATE',
        [email],
      );
      if (pending) {
        id = pending.id;
        replaced = pending.picture;
        await q.query(
          `UPDATE customers SET firstname=$1, middlename=$2, lastname=$3, gender=$4, subcity=$5, woreda=$6, house_number=$7,
             phone=$8, house_phone_number=$9, preferred_language=$10, password_hash=$11, picture=$12, registration_id=$13, created_at=now()
           WHERE id=$14`,
          [...values, picture?.name ?? null, registration, id],
        );
      } else {
        id = randomUUID();
        await q.query(
          `INSERT INTO customers (firstname, middlename, lastname, gender, subcity, woreda, house_number, phone,
             house_phone_number, preferred_language, password_hash, picture, registration_id, id, email)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15)`,
          [...values, picture?.name ?? null, registration, id, email],
        );
      }
      await issueOtp(ctx, q, { id, registration_id: registration, ...names });
    });
  } catch (error) {
    // The same new email registered twice at once, or verified meanwhile: the other stands.
    if ((error as { code?: string }).code === '23505') return answer;
    throw error;
  }
  if (replaced && replaced !== picture?.name) await ctx.storage.remove('CustomerImages', replaced);
  return answer;
}

export async function validateOtp(ctx: Context, email: string, otp: string): Promise<Messages> {
  const invalid = () => new AppError(400, 'otpInvalid');
  const customer = await findByEmail(ctx.db, email);
  if (!customer || customer.email_verified) throw invalid();
  // Each try is counted before the code is compared, atomically: parallel tries cannot pass five.
  const [row] = await ctx.db.query<{ code_hash: string }>(
    `UPDATE otp_codes SET attempts = attempts + 1
     WHERE customer_id = $1 AND attempts < $2 AND expires_at > now() RETURNING code_hash`,
    [customer.id, OTP_MAX_ATTEMPTS],
  );
  if (!row) throw invalid();
  const given = Buffer.from(otpHash(ctx, customer.id, customer.registration_id, otp));
  if (!timingSafeEqual(given, Buffer.from(row.code_hash))) throw invalid();
  // Verified only if no other registration replaced this one since it was read.
  const verified = await ctx.db.tx(async (q) => {
    const done = await q.query('UPDATE customers SET email_verified = true WHERE id = $1 AND registration_id = $2 AND NOT email_verified RETURNING id', [
      customer.id,
      customer.registration_id,
    ]);
    if (done.length > 0) await q.query('DELETE FROM otp_codes WHERE customer_id = $1', [customer.id]);
    return done.length > 0;
  });
  if (!verified) throw invalid();
  return message('otpVerified');
}

/**
 * A new code for the pending registration of `email`. With `registration` (the browser that
 * registered says which registration is its own), only while that is still the pending one:
 * a code is never mailed for a registration someone else made since. The answer is the same.
 */
export async function resendOtp(ctx: Context, email: string, registration: string | undefined): Promise<Messages> {
  const customer = await findByEmail(ctx.db, email);
  if (customer && !customer.email_verified && (registration === undefined || registration === customer.registration_id)) {
    const rule = ctx.rules['account:otp'];
    const hit = await ctx.rates.hit(`account:otp:${customer.id}`, rule.windowMs);
    if (hit.count <= rule.max) await issueOtp(ctx, ctx.db, customer);
  }
  return message('otpResent');
}

/**
 * Login. Tries count per account *and* client address (`account:login`): a stranger who
 * types wrong passwords locks that account on their own address only, never the owner
 * elsewhere. A much higher ceiling per account, whatever the address (`account:loginTotal`),
 * stops a guess spread over many addresses (docs/security.md gives the figures). Both count
 * under the account's token version, so a password reset starts them afresh.
 */
export async function login(ctx: Context, email: string, password: string, client: string): Promise<Messages & { token: string }> {
  const customer = await findByEmail(ctx.db, email);
  const account = `${sha256(normalizeEmail(email))}:${customer?.token_version ?? 0}`;
  const here = `account:login:${account}:${client}`;
  const anywhere = `account:loginTotal:${account}`;
  // Every try counts before the (slow) password check, so parallel tries cannot pass the limits;
  // a success clears this address's count and gives its own count back to the ceiling.
  for (const [name, key] of [
    ['account:login', here],
    ['account:loginTotal', anywhere],
  ] as const) {
    const hit = await ctx.rates.hit(key, ctx.rules[name].windowMs);
    if (hit.count > ctx.rules[name].max) throw tooManyRequests(hit.resetMs, name);
  }
  const ok = await verifyPassword(password, customer?.password_hash ?? (await decoyHash()));
  if (!customer || !ok) throw new AppError(401, 'loginFailed');
  if (!customer.email_verified) throw new AppError(403, 'notVerified');
  if (customer.status !== 'active') throw new AppError(403, 'accountInactive');
  await ctx.rates.reset(here);
  await ctx.rates.release(anywhere);
  const { token } = await ctx.tokens.issue(customer.id, customer.token_version);
  return { ...message('loginSuccess'), token };
}

export async function forgotPassword(ctx: Context, email: string): Promise<Messages> {
  const customer = await findByEmail(ctx.db, email);
  if (customer) {
    const rule = ctx.rules['account:forgot'];
    const hit = await ctx.rates.hit(`account:forgot:${customer.id}`, rule.windowMs);
    if (hit.count <= rule.max) {
      const token = randomToken(RESET_TOKEN_BYTES);
      await ctx.db.tx(async (q) => {
        // A newer link cancels the older ones.
        await q.query('DELETE FROM reset_tokens WHERE customer_id = $1', [customer.id]);
        await q.query('INSERT INTO reset_tokens (id, customer_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
          randomUUID(),
          customer.id,
          sha256(token),
          minutesFromNow(RESET_TTL_MINUTES),
        ]);
        const link = `${ctx.config.publicUrl}${paths.resetPassword.href(customer.id, token)}`;
        await ctx.mailer.send(resetMail(customer.email, langOf(customer.preferred_language), link), { customer: customer.id }, q);
      });
    }
  }
  return message('forgotSent');
}

/** A successful reset ends every session of the account and proves the mailbox. */
export async function resetPassword(ctx: Context, id: string, token: string, password: string): Promise<Messages> {
  const invalid = () => new AppError(400, 'resetInvalid');
  if (!isUuid(id)) throw invalid();
  const passwordHash = await hashPassword(password);
  const changed = await ctx.db.tx(async (q) => {
    const used = await q.query<{ id: string }>(
      `UPDATE reset_tokens SET used_at = now()
       WHERE customer_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
      [id, sha256(token)],
    );
    if (used.length === 0) return false;
    await q.query('DELETE FROM reset_tokens WHERE customer_id = $1', [id]);
    await q.query('UPDATE customers SET password_hash = $1, token_version = token_version + 1, email_verified = true WHERE id = $2', [passwordHash, id]);
    return true;
  });
  if (!changed) throw invalid();
  // The login counts are kept under the token version raised above: they start afresh.
  return message('resetDone');
}

/**
 * The customer behind a bearer token, or a 401: bad token, logged out, reset since, inactive.
 * `version` is what the customer's reads depend on at this moment (their data's counter and
 * the reference data's, raised by triggers: migration 006); an answer kept in memory at the
 * same version is still the answer (`server/plugins/read-cache.ts`).
 */
export async function authenticate(ctx: Context, token: string): Promise<{ customerId: string; claims: SessionClaims; version: string }> {
  const claims = await ctx.tokens.verify(token);
  if (!claims || !isUuid(claims.customerId)) throw unauthorized();
  const session = await ctx.sessions.check(claims.customerId, claims.jti);
  if (!session || session.revoked || session.tokenVersion !== claims.tokenVersion || session.status !== 'active') throw unauthorized();
  return { customerId: claims.customerId, claims, version: session.version };
}

export async function logout(ctx: Context, claims: SessionClaims): Promise<Messages> {
  await ctx.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING', [claims.jti, claims.exp]);
  return message('loggedOut');
}

/**
 * Stay signed in: a fresh token for the same account and token version, and the token sent
 * stops working (revoked like a logout), so one session never holds two live tokens. The
 * token sent is revoked first, and only the request that revoked it gets a new one: renewals
 * sent together (two tabs, a retry) give one live token, and the others answer 401.
 */
export async function renewSession(ctx: Context, customerId: string, claims: SessionClaims): Promise<Messages & { token: string }> {
  const won = await ctx.db.query('INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING RETURNING jti', [
    claims.jti,
    claims.exp,
  ]);
  if (won.length === 0) throw unauthorized();
  const { token } = await ctx.tokens.issue(customerId, claims.tokenVersion);
  return { ...message('sessionRenewed'), token };
}

/** Only the caller's own record: another id answers 403. */
export async function getProfile(ctx: Context, callerId: string, id: string): Promise<Customer> {
  if (id !== callerId) throw forbidden();
  const [row] = await ctx.db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
  if (!row) throw unauthorized();
  return toCustomer(row);
}

/**
 * Forgotten denylist entries are useless once their token has expired anyway; old mail
 * records go too, and registrations never verified (with their pictures) after a week.
 */
export async function sweepExpired(ctx: Context): Promise<void> {
  const unverified = await ctx.db.query<{ picture: string | null }>(
    `DELETE FROM customers WHERE NOT email_verified AND deleted_at IS NULL AND created_at < now() - $1::int * interval '1 day'
       AND NOT EXISTS (SELECT 1 FROM cases WHERE customer_id = customers.id) RETURNING picture`,
    [UNVERIFIED_REGISTRATION_DAYS],
  );
  for (const { picture } of unverified) if (picture) await ctx.storage.remove('CustomerImages', picture);
  const purged = unverified.length > 0 ? ['customers'] : [];
  await ctx.db.query('DELETE FROM revoked_tokens WHERE expires_at < now()');
  await ctx.db.query('DELETE FROM reset_tokens WHERE expires_at < now()');
  await ctx.db.query("DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'");
  // A sent message keeps no text; its row is only a record of delivery, kept a week.
  await ctx.db.query("DELETE FROM notifications WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < now() - interval '7 days'");
  // Codes, links and texts blanked or deleted above and since the last sweep leave the files too (PGlite).
  await ctx.db.reclaim([...purged, 'otp_codes', 'reset_tokens', 'notifications', 'sms_parts']);
}

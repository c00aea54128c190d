import { randomUUID } from 'node:crypto';
import type { Messages } from '../../contract/common.ts';
import type { Customer } from '../../contract/entities.ts';
import { RESET_TOKEN_BYTES, RESET_TTL_MINUTES } from '../../contract/limits.ts';
import { paths } from '../../contract/paths.ts';
import type { SessionState } from '../adapters/session-checks.ts';
import type { SessionClaims } from '../adapters/tokens.ts';
import { randomToken, sha256 } from '../adapters/tokens.ts';
import type { Context } from '../context.ts';
import { isUuid } from '../db/sql.ts';
import { AppError, forbidden, tooManyRequests, unauthorized } from '../runtime/errors.ts';
import { langOf, message } from '../texts/messages.ts';
import { resetMail } from '../notify/templates.ts';
import { decoyHash, hashPassword, verifyPassword } from './passwords.ts';
import { seenAs } from './registration.ts';
import {
  findByEmail,
  findById,
  normalizeEmail,
  putResetToken,
  revokeToken,
  toCustomer,
  useResetToken,
} from './repository.ts';

const minutesFromNow = (m: number): Date => new Date(Date.now() + m * 60_000);

/**
 * Login. Tries count per account *and* client address (`account:login`): a stranger who
 * types wrong passwords locks that account on their own address only, never the owner
 * elsewhere. A much higher ceiling per account, whatever the address (`account:loginTotal`),
 * stops a guess spread over many addresses (docs/security.md gives the figures). Both count
 * under the account's token version, so a password reset starts them afresh.
 */
export async function login(
  ctx: Context,
  email: string,
  password: string,
  client: string,
): Promise<Messages & { token: string; customerId: string }> {
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
  // The password proved the pending registration is the caller's: its handle lets the code screen confirm it (ADR 0029).
  if (!customer.email_verified) throw new AppError(403, 'notVerified', { registration: customer.registration_id });
  if (customer.status !== 'active') throw new AppError(403, 'accountInactive');
  await ctx.rates.reset(here);
  await ctx.rates.release(anywhere);
  const { token } = await ctx.tokens.issue(customer.id, customer.token_version);
  return { ...message('loginSuccess'), token, customerId: customer.id };
}

export async function forgotPassword(ctx: Context, email: string): Promise<Messages> {
  const customer = await findByEmail(ctx.db, email);
  if (customer) {
    const rule = ctx.rules['account:forgot'];
    const hit = await ctx.rates.hit(`account:forgot:${customer.id}`, rule.windowMs);
    if (hit.count <= rule.max) {
      const token = randomToken(RESET_TOKEN_BYTES);
      await ctx.db.tx(async (q) => {
        await putResetToken(q, randomUUID(), customer.id, sha256(token), minutesFromNow(RESET_TTL_MINUTES));
        const link = `${ctx.config.publicUrl}${paths.resetPassword.href(customer.id, token)}`;
        // A registration still waiting is confirmed by the reset too: the mail says whose it is (ADR 0029).
        await ctx.mailer.send(
          resetMail(
            customer.email,
            langOf(customer.preferred_language),
            link,
            customer.email_verified ? undefined : seenAs(customer),
          ),
          { customer: customer.id },
          q,
        );
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
  if (!(await ctx.db.tx((q) => useResetToken(q, id, sha256(token), passwordHash)))) throw invalid();
  // The login counts are kept under the token version raised above: they start afresh.
  return message('resetDone');
}

/**
 * The customer behind a bearer token, or a 401: bad token, logged out, reset since, inactive.
 * `version` is what the customer's reads depend on at this moment (their data's counter and
 * the reference data's, raised by triggers: migration 006); an answer kept in memory at the
 * same version is still the answer (`server/plugins/read-cache.ts`).
 */
export async function authenticate(
  ctx: Context,
  token: string,
): Promise<{ customerId: string; claims: SessionClaims; version: string }> {
  const claims = await ctx.tokens.verify(token);
  if (!claims || !isUuid(claims.customerId)) throw unauthorized();
  const session = await liveSession(ctx, claims);
  if (!session) throw unauthorized();
  return { customerId: claims.customerId, claims, version: session.version };
}

/**
 * The session's state while it lives: not logged out nor renewed away (its token revoked),
 * its account's token version unchanged (no new password since) and the account active.
 */
export async function liveSession(
  ctx: Context,
  s: Pick<SessionClaims, 'customerId' | 'jti' | 'tokenVersion'>,
): Promise<SessionState | null> {
  if (!isUuid(s.customerId)) return null;
  const session = await ctx.sessions.check(s.customerId, s.jti);
  const live = session && !session.revoked && session.tokenVersion === s.tokenVersion && session.status === 'active';
  return live ? session : null;
}

export async function logout(ctx: Context, claims: SessionClaims): Promise<Messages> {
  await revokeToken(ctx.db, claims.jti, claims.exp);
  return message('loggedOut');
}

/**
 * Stay signed in: a fresh token for the same account and token version, and the token sent
 * stops working (revoked like a logout), so one session never holds two live tokens. The
 * token sent is revoked first, and only the request that revoked it gets a new one: renewals
 * sent together (two tabs, a retry) give one live token, and the others answer 401.
 */
export async function renewSession(
  ctx: Context,
  customerId: string,
  claims: SessionClaims,
): Promise<Messages & { token: string }> {
  if (!(await revokeToken(ctx.db, claims.jti, claims.exp))) throw unauthorized();
  const { token } = await ctx.tokens.issue(customerId, claims.tokenVersion);
  return { ...message('sessionRenewed'), token };
}

/** Only the caller's own record: another id answers 403. */
export async function getProfile(ctx: Context, callerId: string, id: string): Promise<Customer> {
  if (id !== callerId) throw forbidden();
  const row = await findById(ctx.db, id);
  if (!row) throw unauthorized();
  return toCustomer(row);
}

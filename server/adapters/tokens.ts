import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { VERIFIED_TOKENS_MAX } from '../config/tuning.ts';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random URL-safe token of `bytes` bytes (>= 16 for 128 bits). */
export const randomToken = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** A numeric one-time code from the CSPRNG, left-padded to `digits`. */
export const randomDigits = (digits: number): string => String(randomInt(0, 10 ** digits)).padStart(digits, '0');

export interface SessionClaims {
  customerId: string;
  tokenVersion: number;
  jti: string;
  exp: number;
}

/**
 * The bearer tokens: HS256 only (the algorithm is pinned on verification). A token whose
 * signature was checked once is remembered until it expires (at most VERIFIED_TOKENS_MAX,
 * the oldest forgotten first): a signature never changes, and each check costs a trip
 * through WebCrypto's thread pool. Whether the session still holds (logout, a new
 * password, a closed account) is the database's to say at every request
 * (`authenticate`), not this memory's.
 */
export function createTokenService(secret: string, ttlMinutes: number) {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, SessionClaims>();
  const live = (claims: SessionClaims) => claims.exp > Math.floor(Date.now() / 1000);
  return {
    async issue(customerId: string, tokenVersion: number): Promise<{ token: string; exp: number }> {
      const exp = Math.floor(Date.now() / 1000) + ttlMinutes * 60;
      const token = await new SignJWT({ user: { id: customerId }, tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
      return { token, exp };
    },
    /** The claims of a valid token, or null for anything else (bad signature, algorithm, expiry, shape). */
    async verify(token: string): Promise<SessionClaims | null> {
      const known = verified.get(token);
      if (known) {
        if (live(known)) return known;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const user = payload.user as { id?: unknown } | undefined;
        if (typeof user?.id !== 'string' || typeof payload.tv !== 'number' || !payload.jti || !payload.exp) return null;
        const claims = { customerId: user.id, tokenVersion: payload.tv, jti: payload.jti, exp: payload.exp };
        if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value as string);
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
    /** How many verified tokens are remembered (a test's view of the bound). */
    remembered: () => verified.size,
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

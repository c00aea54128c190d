import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

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

/** The bearer tokens: HS256 only (the algorithm is pinned on verification). */
export function createTokenService(secret: string, ttlMinutes: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const user = payload.user as { id?: unknown } | undefined;
        if (typeof user?.id !== 'string' || typeof payload.tv !== 'number' || !payload.jti || !payload.exp) return null;
        return { customerId: user.id, tokenVersion: payload.tv, jti: payload.jti, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

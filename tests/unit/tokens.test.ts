import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFIED_TOKENS_MAX } from '../../server/config/tuning.ts';
import { SignJWT, decodeProtectedHeader } from 'jose';
import { createTokenService, randomDigits, randomToken, sha256 } from '../../server/adapters/tokens.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('session tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a token once it has expired, though its signature was checked before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(SECRET, 60);
    const { token, exp } = await tokens.issue('c1', 3);
    expect(await tokens.verify(token)).toMatchObject({ customerId: 'c1', tokenVersion: 3, exp });
    vi.setSystemTime(new Date('2026-11-24T10:59:59Z'));
    expect(await tokens.verify(token)).toMatchObject({ customerId: 'c1' });
    vi.setSystemTime(new Date('2026-11-24T11:00:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token changed after a valid one was remembered, and one signed with another secret', async () => {
    const tokens = createTokenService(SECRET, 60);
    const { token } = await tokens.issue('c1', 1);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), tv: 2 }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${other}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
    const foreign = await createTokenService(`${SECRET}-other`, 60).issue('c1', 1);
    expect(await tokens.verify(foreign.token)).toBeNull();
  });

  it(`remembers at most ${VERIFIED_TOKENS_MAX} tokens and still verifies the ones it forgot`, async () => {
    const tokens = createTokenService(SECRET, 60);
    const first = await tokens.issue('c0', 1);
    expect(await tokens.verify(first.token)).not.toBeNull();
    for (let i = 1; i <= VERIFIED_TOKENS_MAX; i++) await tokens.verify((await tokens.issue(`c${i}`, 1)).token);
    expect(tokens.remembered()).toBe(VERIFIED_TOKENS_MAX);
    expect(await tokens.verify(first.token)).toMatchObject({ customerId: 'c0' });
  });

  it('an expired token once remembered is forgotten, and stays refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(SECRET, 1);
    const { token } = await tokens.issue('c1', 1);
    await tokens.verify(token);
    expect(tokens.remembered()).toBe(1);
    vi.setSystemTime(new Date('2026-11-24T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.remembered()).toBe(0);
  });

  it('signs HS256 JWTs, and refuses another algorithm with the same secret and a token without its claims', async () => {
    const tokens = createTokenService(SECRET, 60);
    const { token } = await tokens.issue('c1', 1);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const key = new TextEncoder().encode(SECRET);
    const exp = Math.floor(Date.now() / 1000) + 600;
    const sign = (claims: Record<string, unknown>, alg = 'HS256') =>
      new SignJWT(claims).setProtectedHeader({ alg }).setExpirationTime(exp).setJti('j1').sign(key);
    const whole = { user: { id: 'c1' }, tv: 1 };
    expect(await tokens.verify(await sign(whole))).toMatchObject({ customerId: 'c1', tokenVersion: 1, jti: 'j1', exp });
    expect(await tokens.verify(await sign(whole, 'HS512'))).toBeNull();
    expect(await tokens.verify(await sign({ tv: 1 }))).toBeNull();
    expect(await tokens.verify(await sign({ user: { id: 7 }, tv: 1 }))).toBeNull();
    expect(await tokens.verify(await sign({ user: { id: 'c1' }, tv: '1' }))).toBeNull();
    const noJti = await new SignJWT(whole).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(exp).sign(key);
    expect(await tokens.verify(noJti)).toBeNull();
    const noExp = await new SignJWT(whole).setProtectedHeader({ alg: 'HS256' }).setJti('j2').sign(key);
    expect(await tokens.verify(noExp)).toBeNull();
  });

  it('hashes with SHA-256, draws URL-safe tokens and zero-padded codes', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(32)).not.toBe(randomToken(32));
    const codes = Array.from({ length: 200 }, () => randomDigits(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(150);
    expect(randomDigits(2).length).toBe(2);
  });
});

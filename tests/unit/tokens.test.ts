import { afterEach, describe, expect, it, vi } from 'vitest';
import { VERIFIED_TOKENS_MAX } from '../../server/tuning.ts';
import { createTokenService } from '../../server/adapters/tokens.ts';

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
});

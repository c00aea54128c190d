import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_WARNING_MS } from '../../contract/limits.ts';
import { divisionsMachine, serviceDivisions } from '../../machines/divisions.machine.ts';
import { RATE_LIMITED, rateLimitedSaying } from '../../machines/form-parts.ts';
import { WAIT_WORDS, lockoutMachine, timeLeft, waitWords } from '../../machines/lockout.machine.ts';
import { decodeToken, sessionMachine } from '../../machines/session.machine.ts';
import { testModel } from './model.ts';

const fakeToken = (exp: number, id = 'c1') =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ user: { id }, exp })).toString('base64url')}.sig`;

describe('lockout machine', () => {
  it('covers every state and transition: 429 starts the countdown, each second ticks, then it opens', async () => {
    const seen: string[] = [];
    const report = await testModel(lockoutMachine, {
      input: { seconds: 3 },
      start: 'noWait',
      events: () => [{ type: 'RATE_LIMITED' }, { type: 'xstate.after.LOCKOUT_TICK.lockout.locked' }],
      provide: {
        actions: { rememberDeadline: () => void seen.push('remember'), forgetDeadline: () => void seen.push('forget') },
      },
      check: ({ event, snapshot }) => {
        if (event.type === 'RATE_LIMITED') expect(snapshot.context.remaining).toBe(3);
      },
    });
    expect(report.states).toEqual({ covered: 2, total: 2 });
    expect(seen).toContain('remember');
    expect(seen).toContain('forget');
  });

  it('resumed after a reload, the model starts locked through the eventless branch and counts down to open', async () => {
    const report = await testModel(lockoutMachine, {
      input: { seconds: 3, remaining: 2 },
      start: 'rememberedWait',
      events: () => [{ type: 'RATE_LIMITED' }, { type: 'xstate.after.LOCKOUT_TICK.lockout.locked' }],
    });
    expect(report.states).toEqual({ covered: 2, total: 2 });
  });

  it('waits the server out: its Retry-After when longer than 180 s, else 180 s (ADR 0005)', () => {
    // spec: S4.LOCKOUT, S8.429.LOCKOUT (the spec's 180 seconds, written as the spec says them)
    for (const [retryAfter, expected] of [
      [1500, 1500],
      [181, 181],
      [180, 180],
      [30, 180],
      [undefined, 180],
    ] as const) {
      const actor = createActor(lockoutMachine, { input: {} }).start();
      actor.send(retryAfter === undefined ? { type: 'RATE_LIMITED' } : { type: 'RATE_LIMITED', retryAfter });
      expect(actor.getSnapshot().context).toMatchObject({ remaining: expected, length: expected });
    }
  });

  it('every machine’s 429 passes the server’s Retry-After on to the lockout', () => {
    expect(RATE_LIMITED({ event: { error: { status: 429, retryAfter: 900 } } })).toEqual({
      type: 'rateLimited',
      retryAfter: 900,
    });
    expect(RATE_LIMITED({ event: { error: { status: 429 } } })).toEqual({ type: 'rateLimited' });
    expect(rateLimitedSaying('errors.tooManyAttempts')({ event: { error: { status: 429, retryAfter: 60 } } })).toEqual({
      type: 'rateLimited',
      retryAfter: 60,
      words: 'errors.tooManyAttempts',
    });
  });

  it('says the words the 429 came with until the wait is over, the spec’s wait message otherwise, and after a reload', () => {
    const actor = createActor(lockoutMachine, { input: { seconds: 1 } }).start();
    expect(actor.getSnapshot().context.words).toBe(WAIT_WORDS);
    actor.send({ type: 'RATE_LIMITED', words: 'errors.tooManyAttempts' });
    expect(actor.getSnapshot().context.words).toBe('errors.tooManyAttempts');
    const next = createActor(lockoutMachine, { input: {} }).start();
    next.send({ type: 'RATE_LIMITED' });
    expect(next.getSnapshot().context.words).toBe(WAIT_WORDS);
    const resumed = createActor(lockoutMachine, { input: { remaining: 42, words: 'errors.tooManyAttempts' } }).start();
    expect(resumed.getSnapshot().context.words).toBe('errors.tooManyAttempts');
  });

  it('counts 180 seconds by default and resumes a countdown after a reload', () => {
    // spec: S9.LOCKOUT.WAIT
    const fresh = createActor(lockoutMachine, { input: {} }).start();
    fresh.send({ type: 'RATE_LIMITED' });
    expect(fresh.getSnapshot().context.remaining).toBe(180);
    const resumed = createActor(lockoutMachine, { input: { remaining: 42 } }).start();
    expect(resumed.getSnapshot().value).toBe('locked');
    expect(resumed.getSnapshot().context.remaining).toBe(42);
  });

  it('starts open without an input, and a wait resumed after a reload is as long as what remains of it', () => {
    const bare = createActor(lockoutMachine, { input: undefined }).start();
    expect(bare.getSnapshot().value).toBe('open');
    expect(bare.getSnapshot().context).toEqual({
      seconds: 180,
      remaining: 0,
      length: 180,
      words: WAIT_WORDS,
    });
    const hour = createActor(lockoutMachine, { input: { remaining: 3600 } }).start();
    expect(hour.getSnapshot().context).toMatchObject({ remaining: 3600, length: 3600, words: WAIT_WORDS });
  });

  it("says the spec's 3 minutes up to 180 s, how many minutes past them, and a screen's own words whatever the wait", () => {
    // spec: S8.429.LOCKOUT ('Please wait 3 minutes before retrying.' is the spec's words for its 180 seconds)
    expect(waitWords({ length: 180, words: WAIT_WORDS })).toEqual({ id: WAIT_WORDS });
    expect(waitWords({ length: 181, words: WAIT_WORDS })).toEqual({
      id: 'wait.longer',
      values: { minutes: 4 },
    });
    expect(waitWords({ length: 3600, words: WAIT_WORDS })).toEqual({ id: 'wait.longer', values: { minutes: 60 } });
    expect(waitWords({ length: 3600, words: 'errors.tooManyAttempts' })).toEqual({ id: 'errors.tooManyAttempts' });
    expect(timeLeft(180)).toEqual({ id: 'wait.remaining', values: { seconds: 180 } });
    expect(timeLeft(181)).toEqual({ id: 'wait.remainingMinutes', values: { minutes: 4 } });
    expect(timeLeft(3599)).toEqual({ id: 'wait.remainingMinutes', values: { minutes: 60 } });
  });

  it('a 429 locks for the spec’s 180 seconds, counted down once a second: locked at 179.999 s, open at 180 s', () => {
    // spec: S4.LOCKOUT, S9.LOCKOUT.WAIT
    vi.useFakeTimers();
    try {
      const actor = createActor(lockoutMachine, { input: {} }).start();
      actor.send({ type: 'RATE_LIMITED' });
      expect(actor.getSnapshot().context).toMatchObject({ remaining: 180, length: 180 });
      vi.advanceTimersByTime(999);
      expect(actor.getSnapshot().context.remaining).toBe(180);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().context.remaining).toBe(179);
      vi.advanceTimersByTime(178_999);
      expect(actor.getSnapshot().value).toBe('locked');
      expect(actor.getSnapshot().context.remaining).toBe(1);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().value).toBe('open');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when the wait is over, once, and not at every second', () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(lockoutMachine, { input: { seconds: 3 } }).start();
      const said: unknown[] = [];
      actor.on('*', (e) => void said.push(e));
      actor.send({ type: 'RATE_LIMITED' });
      vi.advanceTimersByTime(2_000);
      expect(said).toEqual([]);
      vi.advanceTimersByTime(1_000);
      expect(actor.getSnapshot().value).toBe('open');
      expect(said).toEqual([{ type: 'toast', kind: 'info', key: 'wait.over' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('session machine', () => {
  const now = 1_800_000_000_000;
  const live = fakeToken(now / 1000 + 60);

  const renewed = fakeToken(now / 1000 + 3600);
  // Longer than the warning: the model, not the clock, decides when the warning comes.
  const lasting = fakeToken(now / 1000 + 600);

  it('covers every state and transition: login, warning, renewal, expiry timer, logout on demand (asked first with a draft), a session ended elsewhere, stale token at start', async () => {
    for (const [token, start] of [
      [null, 'noSession'],
      [lasting, 'storedSession'],
      [fakeToken(now / 1000 - 5), 'expiredSession'],
    ] as const) {
      const navigations: unknown[] = [];
      await testModel(sessionMachine, {
        input: { token, now: () => now },
        start,
        serialize: (s) => JSON.stringify({ value: s.value, token: s.context.token }),
        events: () => [
          { type: 'LOGGED_IN', token: lasting },
          { type: 'LOGGED_IN', token: 'not-a-jwt' },
          { type: 'LOGOUT' },
          { type: 'LOGOUT', draft: true },
          { type: 'CONFIRM_LOGOUT' },
          { type: 'CANCEL' },
          { type: 'REVOKED' },
          { type: 'STAY' },
          { type: 'xstate.after.SESSION_WARNING.session.active.quiet' },
          { type: 'xstate.after.SESSION_EXPIRY.session.active' },
          { type: 'xstate.done.actor.renew', output: { token: renewed } },
          { type: 'xstate.error.actor.renew', error: { status: 401 } },
          { type: 'xstate.error.actor.renew', error: { status: 0 } },
          { type: 'xstate.done.actor.logout', output: undefined },
          { type: 'xstate.error.actor.logout', error: { status: 500 } },
        ],
        check: ({ event, snapshot }, emitted) => {
          navigations.push(...emitted.filter((e) => e.type === 'navigate'));
          if (event.type === 'xstate.done.actor.renew') expect(snapshot.context.token).toBe(renewed);
          // A logout with an application being written asks first; without one it goes.
          if (event.type === 'LOGOUT' && snapshot.matches('active'))
            expect(event).toEqual({ type: 'LOGOUT', draft: true });
          if (event.type === 'REVOKED' && snapshot.matches('loggingOut'))
            expect(emitted).toContainEqual({ type: 'toast', kind: 'info', key: 'session.ended' });
        },
      });
      if (token) expect(navigations.length).toBeGreaterThan(0);
    }
  });

  it('an expired or revoked session (renewal or any call refused) keeps the draft for its customer; a logout keeps nothing, asked first; a login says who logs in', async () => {
    const ends = async (how: 'expiry' | 'logout' | 'revoked' | 'refused' | 'discarded') => {
      vi.useFakeTimers({ now });
      try {
        const kept: (string | null)[] = [];
        const logins: (string | null)[] = [];
        const followed: string[] = [];
        const token = fakeToken(now / 1000 + 600, 'c7');
        const actor = createActor(
          sessionMachine.provide({
            actors: {
              logout: fromPromise<void>(async () => undefined),
              renew: fromPromise<{ token: string }>(async () => Promise.reject({ status: 401 })),
            },
            actions: {
              clearToken: (_, p) => void kept.push(p.keepDraftOf),
              storeToken: (_, p) => void logins.push(p.customerId),
              // The kept letters and the caches follow the session with the same words (src/app/session.tsx).
              forgetKept: (_, p) => void followed.push(`ended ${p.keepDraftOf}`),
              lettersFollow: (_, p) => void followed.push(`started ${p.customerId} ${p.token === token}`),
            },
          }),
          { input: { token: null } },
        ).start();
        actor.send({ type: 'LOGGED_IN', token });
        if (how === 'logout') actor.send({ type: 'LOGOUT' });
        // A call answered 401 (the session ended in another tab, or by a password reset).
        if (how === 'refused') actor.send({ type: 'REVOKED' });
        if (how === 'discarded') {
          actor.send({ type: 'LOGOUT', draft: true });
          expect(actor.getSnapshot().value).toEqual({ active: 'confirmingLogout' });
          actor.send({ type: 'CANCEL' });
          expect(actor.getSnapshot().value).toEqual({ active: 'quiet' });
          actor.send({ type: 'LOGOUT', draft: true });
          actor.send({ type: 'CONFIRM_LOGOUT' });
        }
        if (how === 'revoked') {
          await vi.advanceTimersByTimeAsync(600_000 - SESSION_WARNING_MS);
          actor.send({ type: 'STAY' });
        }
        await vi.advanceTimersByTimeAsync(how === 'expiry' ? 600_000 : 0);
        expect(actor.getSnapshot().value).toBe('anonymous');
        // Ended, the machine forgets that it expired: the next session starts afresh.
        expect(actor.getSnapshot().context.expired).toBe(false);
        expect(followed).toEqual(['started c7 true', `ended ${kept[0]}`]);
        return { kept, logins };
      } finally {
        vi.useRealTimers();
      }
    };
    expect(await ends('expiry')).toEqual({ kept: ['c7'], logins: ['c7'] });
    expect(await ends('revoked')).toEqual({ kept: ['c7'], logins: ['c7'] });
    expect(await ends('refused')).toEqual({ kept: ['c7'], logins: ['c7'] });
    expect(await ends('logout')).toEqual({ kept: [null], logins: ['c7'] });
    expect(await ends('discarded')).toEqual({ kept: [null], logins: ['c7'] });
  });

  it(`warns ${SESSION_WARNING_MS / 60_000} minutes before expiry; staying renews and moves both timers; doing nothing ends the session`, async () => {
    vi.useFakeTimers({ now });
    try {
      const long = fakeToken(now / 1000 + 600);
      const stored: string[] = [];
      const owners: (string | null)[] = [];
      let renewals = 0;
      const actor = createActor(
        sessionMachine.provide({
          actors: {
            renew: fromPromise(async () => {
              renewals++;
              return { token: fakeToken(Date.now() / 1000 + 600) };
            }),
            logout: fromPromise<void>(async () => undefined),
          },
          actions: {
            storeToken: (_, params) => {
              stored.push(params.token);
              owners.push(params.customerId);
            },
          },
        }),
        { input: { token: long } },
      ).start();
      await vi.advanceTimersByTimeAsync(600_000 - SESSION_WARNING_MS - 1000);
      expect(actor.getSnapshot().value).toEqual({ active: 'quiet' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(actor.getSnapshot().value).toEqual({ active: 'warning' });
      actor.send({ type: 'STAY' });
      await vi.advanceTimersByTimeAsync(0);
      expect(renewals).toBe(1);
      expect(actor.getSnapshot().value).toEqual({ active: 'quiet' });
      expect(stored).toHaveLength(1);
      expect(actor.getSnapshot().context.token).toBe(stored[0]);
      expect(owners).toEqual(['c1']);
      // The old expiry passes: still signed in; the new warning comes 10 minutes after the renewal.
      await vi.advanceTimersByTimeAsync(SESSION_WARNING_MS + 1000);
      expect(actor.getSnapshot().matches('active')).toBe(true);
      await vi.advanceTimersByTimeAsync(600_000 - 2 * SESSION_WARNING_MS - 1000);
      expect(actor.getSnapshot().value).toEqual({ active: 'warning' });
      await vi.advanceTimersByTimeAsync(SESSION_WARNING_MS);
      expect(actor.getSnapshot().value).toBe('anonymous');
    } finally {
      vi.useRealTimers();
    }
  });

  it('decodes user.id and exp, and refuses anything else', () => {
    expect(decodeToken(live)).toEqual({ user: { id: 'c1' }, exp: now / 1000 + 60 });
    expect(decodeToken('garbage')).toBeNull();
    for (const none of [null, undefined, '', 'only-a-header'] as const) expect(decodeToken(none)).toBeNull();
    const of = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
    expect(decodeToken(of({ user: {}, exp: 1 }))).toBeNull();
    expect(decodeToken(of({ exp: 1 }))).toBeNull();
    expect(decodeToken(of({ user: { id: 'c1' }, exp: '1' }))).toBeNull();
    expect(decodeToken(`a.${Buffer.from('{"exp":1}').toString('base64url')}.c`)).toBeNull();
    // base64url's own letters (- and _) and no padding: read as the server wrote them.
    const claims = { user: { id: '??>>~~' }, exp: 1_900_000_001 };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    expect(payload).toMatch(/[-_]/);
    expect(payload).not.toMatch(/=/);
    expect(decodeToken(`h.${payload}.s`)).toEqual(claims);
  });
});

describe('divisions machine', () => {
  it('covers loading, success, error and limitError with retry', async () => {
    const divisions = [{ _id: 'a' }];
    const report = await testModel(divisionsMachine, {
      events: () => [
        { type: 'xstate.done.actor.fetchDivisions', output: divisions },
        { type: 'xstate.error.actor.fetchDivisions', error: { status: 429 } },
        { type: 'xstate.error.actor.fetchDivisions', error: { status: 500 } },
        { type: 'RETRY' },
      ],
      serialize: (s) => JSON.stringify({ value: s.value, n: s.context.divisions.length }),
      check: ({ event, snapshot }, emitted) => {
        if (event.type === 'xstate.done.actor.fetchDivisions') expect(snapshot.context.divisions).toEqual(divisions);
        const status = (event as unknown as { error?: { status: number } }).error?.status;
        if (status === 429) {
          expect(snapshot.value).toBe('limitError');
          expect(emitted.at(-1)).toEqual({ type: 'rateLimited' });
        }
        if (status === 500) expect(snapshot.value).toBe('error');
      },
    });
    expect(createActor(divisionsMachine).getSnapshot().context).toEqual({ divisions: [] });
    expect(report.states).toEqual({ covered: 4, total: 4 });
  });

  it('the Services grid: active, not special, in reverse order', () => {
    const d = (id: string, status: 'active' | 'inactive', special: 'yes' | 'no') =>
      ({ _id: id, status, special }) as never;
    expect(
      serviceDivisions([
        d('1', 'active', 'no'),
        d('2', 'inactive', 'no'),
        d('3', 'active', 'yes'),
        d('4', 'active', 'no'),
      ]).map((x: { _id: string }) => x._id),
    ).toEqual(['4', '1']);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../contract/entities.ts';
import type { Queryable } from '../../server/db/client.ts';
import { createSessionChecks } from '../../server/adapters/session-checks.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  applicationFor,
  call,
  claimsOf,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  startApp,
} from '../support/api.ts';

/**
 * The session checks of requests that arrive together go to the database as one statement
 * (server/adapters/session-checks.ts); each request still gets the answer of its own session.
 */
describe.each(BACKENDS)('session checks on %s', (backend) => {
  let t: TestApp;
  let active: Awaited<ReturnType<typeof newCustomer>>;
  let loggedOut: Awaited<ReturnType<typeof newCustomer>>;
  let closed: Awaited<ReturnType<typeof newCustomer>>;
  let statements: string[];
  /** The test's database, counting the statements sent through it. */
  let counting: Queryable;

  beforeAll(async () => {
    t = await startApp(backend);
    const open = await openCaseList(t);
    [active, loggedOut, closed] = [await newCustomer(t), await newCustomer(t), await newCustomer(t)];
    const created = await call(t, 'createCase', { form: applicationFor(open), token: active.token, ip: freshIp() });
    expect(created.statusCode, created.body).toBe(201);
    expect((await call(t, 'logoutCustomerUser', { token: loggedOut.token, ip: freshIp() })).statusCode).toBe(200);
    await t.ctx.db.query("UPDATE customers SET status = 'inactive' WHERE id = $1", [closed.id]);
    statements = [];
    counting = {
      query: (sql, params) => {
        statements.push(sql);
        return t.ctx.db.query(sql, params);
      },
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the checks made in one turn in one statement, and answers each its own', async () => {
    const sessions = createSessionChecks(counting);
    const [a, out, gone, again, nobody] = await Promise.all([
      sessions.check(active.id, claimsOf(active.token).jti),
      sessions.check(loggedOut.id, claimsOf(loggedOut.token).jti),
      sessions.check(closed.id, claimsOf(closed.token).jti),
      sessions.check(active.id, claimsOf(active.token).jti),
      sessions.check(randomUUID(), randomUUID()),
    ]);
    expect(statements).toHaveLength(1);
    expect(a).toMatchObject({ revoked: false, status: 'active', tokenVersion: claimsOf(active.token).tv });
    expect(again).toEqual(a);
    expect(out).toMatchObject({ revoked: true, status: 'active' });
    expect(gone).toMatchObject({ revoked: false, status: 'inactive' });
    expect(nobody).toBeUndefined();
    // The versions are each customer's own: a change to one raises only theirs.
    await t.ctx.db.query('UPDATE customers SET phone = phone WHERE id = $1', [active.id]);
    const [after, other] = await Promise.all([
      sessions.check(active.id, claimsOf(active.token).jti),
      sessions.check(closed.id, claimsOf(closed.token).jti),
    ]);
    expect(after?.version).not.toBe(a?.version);
    expect(other?.version).toBe(gone?.version);
  });

  it('reads the reference version once for all who ask for it in one turn, and sees a change at the next', async () => {
    statements.length = 0;
    const sessions = createSessionChecks(counting);
    const versions = await Promise.all([
      sessions.referenceVersion(),
      sessions.referenceVersion(),
      sessions.referenceVersion(),
    ]);
    expect(statements).toHaveLength(1);
    expect(new Set(versions).size).toBe(1);
    await t.ctx.db.query(
      'UPDATE divisions SET name_en = name_en WHERE id = (SELECT min(id::text)::uuid FROM divisions)',
    );
    expect(await sessions.referenceVersion()).not.toBe(versions[0]);
    expect(statements).toHaveLength(2);
  });

  it('splits a large batch into statements of a bounded size, and fails only the checks of a failed one', async () => {
    statements.length = 0;
    const sessions = createSessionChecks(counting, 2);
    const checks = Array.from({ length: 5 }, () => sessions.check(active.id, claimsOf(active.token).jti));
    const results = await Promise.all(checks);
    expect(statements).toHaveLength(3);
    expect(results.every((r) => r?.status === 'active')).toBe(true);

    let failing = true;
    const flaky = createSessionChecks(
      {
        query: (sql, params) => {
          if (failing) {
            failing = false;
            return Promise.reject(new Error('connection lost'));
          }
          return t.ctx.db.query(sql, params);
        },
      },
      2,
    );
    const settled = await Promise.allSettled(
      Array.from({ length: 3 }, () => flaky.check(active.id, claimsOf(active.token).jti)),
    );
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });

  it('answers requests that arrive together each with their own session and data', async () => {
    const [mine, out, gone, cases] = await Promise.all([
      call(t, 'getCases', { query: { page: '1' }, token: active.token, ip: freshIp() }),
      call(t, 'getCases', { query: { page: '1' }, token: loggedOut.token, ip: freshIp() }),
      call(t, 'getCases', { query: { page: '1' }, token: closed.token, ip: freshIp() }),
      call(t, 'getAllCases', { token: active.token, ip: freshIp() }),
    ]);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(out.statusCode).toBe(401);
    expect(gone.statusCode).toBe(401);
    expect(json<CaseSummary[]>(cases)).toHaveLength(1);
  });
});

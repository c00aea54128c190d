import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { textRuns } from '../support/pdf-text.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_PHONE_HEADER } from '../../contract/endpoints.ts';
import type { CaseList, CaseSummary } from '../../contract/entities.ts';
import { phoneKey } from '../../contract/phone.ts';
import { CUSTOMER_FIELD_NAMES, CUSTOMER_FIELD_ROWS, PERSONAL_CUSTOMER_FIELDS } from '../../contract/customer-fields.ts';
import type { Area } from '../../server/adapters/storage.ts';
import { sweepExports } from '../../server/customers/data-rights/rights.ts';
import type { TestApp } from '../support/api.ts';
import {
  BACKENDS,
  PNG_1PX,
  applicationFor,
  call,
  expectError,
  file,
  freshIp,
  json,
  mailsTo,
  newCustomer,
  openCaseList,
  pdfBytes,
  registrationForm,
  startApp,
  unzip,
} from '../support/api.ts';
import { moveAs } from '../support/staff.ts';

/**
 * A value of the person's own for every personal field of the table that one can write
 * (contract/customer-fields.ts), each found nowhere else: a new personal field is in the
 * erasure's search by being in the table. The e-mail and the phone are the account's, unique
 * already; the gender is one of two, so the erasure's own check below looks at its column.
 */
function ownValues(stamp: string): Record<string, string> {
  const own: Record<string, string> = {};
  for (const field of PERSONAL_CUSTOMER_FIELDS) {
    const { input, limit = 64 } = CUSTOMER_FIELD_ROWS[field];
    if (field === 'email' || field === 'phone' || input === 'choice') continue;
    const digits = stamp.slice(-Math.min(limit - 3, stamp.length));
    own[field] = input === 'tel' ? `09${digits.slice(-8)}` : `${field.slice(0, 1).toUpperCase()}${digits}`;
  }
  return own;
}

describe.each(BACKENDS)('a customer’s data rights: their data, and the deletion of their account, on %s', (backend) => {
  let t: TestApp;
  let open: CaseList;
  beforeAll(async () => {
    t = await startApp(backend);
    open = await openCaseList(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer with names of their own, a picture, a case with a PDF, and an answer to the bureau with a PDF. */
  async function livedIn() {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const names = ownValues(stamp);
    const c = await newCustomer(t, names, file(PNG_1PX, 'me.png', 'image/png'));
    const pdf = await pdfBytes(`Deed ${stamp}`);
    const remark = `My remark ${stamp}`;
    const form = applicationFor(open, {}, { attachment: file(pdf, `deed-${stamp}.pdf`, 'application/pdf') });
    form.set('remark', remark);
    const k = json<{ case: CaseSummary }>(await call(t, 'createCase', { form, token: c.token, ip: freshIp() })).case;
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, { to: 'info_requested', note: 'Send the survey' });
    const answerText = `My answer ${stamp}`;
    const answer = new FormData();
    answer.append('answer', answerText);
    answer.append('attachment', file(await pdfBytes(`Survey ${stamp}`), `../survey-${stamp}.pdf`, 'application/pdf'));
    expect((await call(t, 'answerCaseInfo', { params: { id: k._id }, form: answer, token: c.token })).statusCode).toBe(
      200,
    );
    return { c, k, names, remark, answerText, pdf, stamp };
  }

  const download = (token: string, id: string) => call(t, 'downloadDataExport', { params: { id }, token });

  it('the archive: asked for, downloaded once by its owner only, its data.json field by field the database’s, its files the customer’s own', async () => {
    const { c, k, names, remark, answerText, pdf, stamp } = await livedIn();
    const other = await newCustomer(t);
    const asked = await call(t, 'requestDataExport', { token: c.token });
    expect(asked.statusCode, asked.body).toBe(200);
    const { export_id: id, expires_at: expires } = json<{ export_id: string; expires_at: string }>(asked);
    expect(Date.parse(expires) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    expectError(await download(other.token, id), 404, 'exportNotFound');
    const got = await download(c.token, id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(got.headers['cache-control']).toBe('no-store');
    const entries = await unzip(got.rawPayload);
    const data = JSON.parse(entries.get('data.json')?.toString() ?? '{}') as {
      profile: Record<string, unknown>;
      cases: {
        case_number: string;
        remark: string;
        answers: unknown[];
        history: { by: string; note: string | null; attachment: string | null }[];
      }[];
      notifications: { channel: string }[];
    };
    const [row] = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM customers WHERE id = $1', [c.id]);
    for (const field of ['id', ...CUSTOMER_FIELD_NAMES]) expect(data.profile[field], field).toBe(row?.[field]);
    expect(data.profile.firstname).toBe(names.firstname);
    expect(JSON.stringify(data)).not.toContain(String(row?.password_hash));
    expect(data.cases.map((x) => x.case_number)).toEqual([k.case_number]);
    const [mine] = data.cases;
    expect(mine?.remark).toBe(remark);
    const answers = await t.ctx.db.query('SELECT answer FROM case_answers WHERE case_id = $1 ORDER BY position', [
      k._id,
    ]);
    expect(mine?.answers.map((a) => (a as { answer: string }).answer)).toEqual(answers.map((a) => a.answer));
    expect(mine?.history.map((h) => h.by)).toEqual(['you', 'the bureau', 'the bureau', 'you']);
    expect(mine?.history.at(-1)?.note).toBe(answerText);
    expect(data.notifications.length).toBeGreaterThanOrEqual(3);
    // Their files: the case's PDF byte for byte, and the answer's.
    const [kept] = await t.ctx.db.query<{ attachment: string }>('SELECT attachment FROM cases WHERE id = $1', [k._id]);
    // Under the names they were sent with (a folder in the name dropped), not their random stored names (issue 51).
    const folder = `files/${k.case_number}`;
    expect(kept?.attachment).not.toContain('deed');
    expect(entries.get(`${folder}/deed-${stamp}.pdf`)?.equals(Buffer.from(pdf))).toBe(true);
    expect([...entries.keys()].filter((n) => n.startsWith('files/')).sort()).toEqual(
      [`${folder}/deed-${stamp}.pdf`, `${folder}/survey-${stamp}.pdf`, 'files/profile-picture.png'].sort(),
    );
    expect(entries.get('files/profile-picture.png')?.equals(PNG_1PX)).toBe(true);
    // A summary a person reads, in their language, its files linked where they lie in the archive.
    const html = entries.get('summary.html')?.toString() ?? '';
    expect(html).toContain('<h1>Your data at the Housing Development and Administration Bureau</h1>');
    expect(html).toContain(k.case_number);
    expect(html).toContain(`<a href="${folder}/deed-${stamp}.pdf">`);
    expect(html).toContain(names.firstname);
    const summary = (await textRuns(new Uint8Array(entries.get('summary.pdf') ?? []))).map((r) => r.text).join(' ');
    expect(summary).toContain('Your data at the Housing');
    expect(summary).toContain(k.case_number);

    // Once: a second download finds nothing, and the file is gone from the disk.
    expectError(await download(c.token, id), 404, 'exportNotFound');
    await expect.poll(() => t.ctx.storage.names('Exports')).toEqual([]);
    const audit = await t.ctx.db.query<{ action: string }>(
      'SELECT * FROM data_rights_audit WHERE subject = $1 ORDER BY id',
      [c.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['export_requested', 'export_downloaded']);
    expect(Object.keys(audit[0] ?? {}).sort()).toEqual(['action', 'at', 'id', 'subject']);
  });

  it('the bureau’s response is withheld everywhere until a supervisor verifies it: case, history, archive, served file, mail', async () => {
    const c = await newCustomer(t);
    const k = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: c.token, ip: freshIp() }),
    ).case;
    const secret = `Approved with conditions ${Date.now()}`;
    const responsePdf = path.join(t.dataDir, `response-${k._id}.pdf`);
    writeFileSync(responsePdf, await pdfBytes('The response'));
    await moveAs(t.ctx, k.case_number, { to: 'ongoing' });
    await moveAs(t.ctx, k.case_number, {
      to: 'responded',
      responseFile: responsePdf,
      justification: secret,
    });
    const [row] = await t.ctx.db.query<{ response_attachment: string }>(
      'SELECT response_attachment FROM cases WHERE id = $1',
      [k._id],
    );
    const file = row?.response_attachment as string;
    const seen = async () => {
      const kase = await call(t, 'getCaseByNumber', { body: { casenum: k.case_number }, token: c.token });
      const history = await call(t, 'getCaseHistory', { token: c.token, query: { case_id: k._id } });
      const asked = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
      const archive =
        (await unzip((await download(c.token, asked.export_id)).rawPayload)).get('data.json')?.toString() ?? '';
      const mails = (await mailsTo(t, c.email)).map((m) => `${m.subject}\n${m.text}`).join('\n');
      // Asked for by its owner's session (issue 48: nobody else gets it anyway).
      const owner = { authorization: `Bearer ${c.token}` };
      const served = await t.app.inject({ method: 'GET', url: `/Media/${file}`, headers: owner });
      const escaped = await t.app.inject({
        method: 'GET',
        url: `/Media/${encodeURIComponent(file).replace(/-/g, '%2D')}`,
        headers: owner,
      });
      return {
        everything: [kase.body, history.body, archive, mails].join('\n'),
        served: served.statusCode,
        escaped: escaped.statusCode,
      };
    };
    const before = await seen();
    expect(before.everything).not.toContain(secret);
    expect(before.everything).not.toContain(file);
    expect([before.served, before.escaped]).toEqual([404, 404]);
    await moveAs(t.ctx, k.case_number, { to: 'verified' });
    const after = await seen();
    // Each place that withheld it now shows it: so the checks above looked in the right places.
    expect(after.everything.split(secret).length - 1).toBeGreaterThanOrEqual(4);
    expect(after.everything).toContain(file);
    expect([after.served, after.escaped]).toEqual([200, 200]);
  });

  it('an archive past its hours is not given, and the periodic sweep removes its file', async () => {
    const c = await newCustomer(t);
    const { export_id: id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
    const [row] = await t.ctx.db.query<{ file: string }>('SELECT file FROM data_exports WHERE id = $1', [id]);
    const file = row?.file ?? '';
    expect(await t.ctx.storage.has('Exports', file)).toBe(true);
    await t.ctx.db.query("UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    expectError(await download(c.token, id), 404, 'exportNotFound');
    await sweepExports(t.ctx);
    expect(await t.ctx.storage.has('Exports', file)).toBe(false);
    expect(await t.ctx.db.query('SELECT 1 FROM data_exports WHERE id = $1', [id])).toEqual([]);
  });

  it('deletion: the password confirms; nothing personal, no file, session or queued message is left in any table; the bureau’s records stay; the address can register again', async () => {
    const { c, k, names, remark, answerText, stamp } = await livedIn();
    const { export_id: id } = json<{ export_id: string }>(await call(t, 'requestDataExport', { token: c.token }));
    const [archive] = await t.ctx.db.query<{ file: string }>('SELECT file FROM data_exports WHERE id = $1', [id]);
    const [{ picture } = { picture: '' }] = await t.ctx.db.query<{ picture: string }>(
      'SELECT picture FROM customers WHERE id = $1',
      [c.id],
    );
    const files: [Area, string][] = [
      ['CustomerImages', picture] as [Area, string],
      ...(await t.ctx.db.query<{ attachment: string }>('SELECT attachment FROM cases WHERE id = $1', [k._id])),
      ...(await t.ctx.db.query<{ attachment: string }>(
        'SELECT attachment FROM case_history WHERE case_id = $1 AND attachment IS NOT NULL',
        [k._id],
      )),
    ].map((r): [Area, string] => (Array.isArray(r) ? r : ['CaseFiles', r.attachment]));
    files.push(['Exports', archive?.file ?? '']);
    expect(files).toHaveLength(4);
    for (const [area, name] of files) expect(await t.ctx.storage.has(area, name), name).toBe(true);
    const historyBefore = (await t.ctx.db.query('SELECT 1 FROM case_history WHERE case_id = $1', [k._id])).length;
    // Prints of their case (their own, and a visitor's who knew the phone), and a print of someone else's case.
    const printed = async (id: string, options: { token?: string; headers?: Record<string, string> }) =>
      json<{ file_name: string }>(await call(t, 'printCase', { params: { id }, ip: freshIp(), ...options })).file_name;
    const prints = [
      await printed(k._id, { token: c.token }),
      await printed(k._id, { headers: { [CASE_PHONE_HEADER]: c.phone } }),
    ];
    const neighbour = await newCustomer(t);
    const theirs = json<{ case: CaseSummary }>(
      await call(t, 'createCase', { form: applicationFor(open), token: neighbour.token, ip: freshIp() }),
    ).case;
    const neighboursPrint = await printed(theirs._id, { token: neighbour.token });
    // Whether a print is still kept (its link would die with the deleted account's session anyway).
    const printKept = (name: string) => t.ctx.storage.has('root', name);
    for (const name of [...prints, neighboursPrint]) expect(await printKept(name), name).toBe(true);

    expectError(
      await call(t, 'deleteCustomerAccount', { token: c.token, body: { password: 'not the password' } }),
      400,
      'passwordWrong',
    );
    expect((await call(t, 'getCustomerUser', { params: { id: c.id }, token: c.token })).statusCode).toBe(200);

    const done = await call(t, 'deleteCustomerAccount', {
      token: c.token,
      body: { password: 'a-long-enough-password' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // The session is over, everywhere.
    expect((await call(t, 'getCustomerUser', { params: { id: c.id }, token: c.token })).statusCode).toBe(401);
    expect((await download(c.token, id)).statusCode).toBe(401);
    // The confirmation went to the address, which the outbox then forgot.
    const confirmation = (await mailsTo(t, c.email)).at(-1);
    expect(confirmation?.subject).toContain('deleted');
    // Of what the development outbox kept for them (their code, the request for information…), only that confirmation is left.
    expect((await mailsTo(t, c.email)).map((m) => m.subject)).toEqual([confirmation?.subject]);

    // Every text column of every table: none holds anything of the person.
    const secrets = [c.email, c.phone, phoneKey(c.phone) ?? '', ...Object.values(names), remark, answerText, stamp];
    const columns = await t.ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND data_type IN ('text', 'character varying') ORDER BY table_name, column_name`,
    );
    expect(columns.length).toBeGreaterThan(30);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns)
      for (const secret of secrets) {
        const [hit] = await t.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}" LIKE '%' || $1 || '%'`,
          [secret],
        );
        if (hit && hit.n > 0) found.push(`${table}.${column} holds ${secret}`);
      }
    expect(found).toEqual([]);
    // Every personal field of the table is blank on the row, the gender too.
    const [erased] = await t.ctx.db.query<Record<string, string>>('SELECT * FROM customers WHERE id = $1', [c.id]);
    for (const field of PERSONAL_CUSTOMER_FIELDS)
      expect(erased?.[field], field).toBe(field === 'email' ? `deleted-${c.id}@deleted.invalid` : '');
    // A text column of the customers is a field of the table, or one of the account's own that
    // says nothing of the person: a new column is placed in one or the other, or this fails.
    const accountOwn = ['password_hash', 'picture', 'status', 'preferred_language', 'phone_verified'];
    const customerColumns = columns.filter((x) => x.table_name === 'customers').map((x) => x.column_name);
    expect(customerColumns.filter((x) => !(x in CUSTOMER_FIELD_ROWS) && !accountOwn.includes(x))).toEqual([]);
    for (const [area, name] of files) expect(await t.ctx.storage.has(area, name), name).toBe(false);
    // Their prints are gone at once (not an hour later); the neighbour's stays.
    for (const name of prints) expect(await printKept(name), name).toBe(false);
    expect(await printKept(neighboursPrint)).toBe(true);
    for (const table of ['otp_codes', 'phone_codes', 'reset_tokens', 'idempotency_keys', 'data_exports'])
      expect(await t.ctx.db.query(`SELECT 1 FROM ${table} WHERE customer_id = $1`, [c.id]), table).toEqual([]);

    // What the bureau must keep: the case, its status and its history, without the person.
    const [kept] = await t.ctx.db.query<{ case_number: string; status: string; customer_id: string }>(
      'SELECT case_number, status, customer_id FROM cases WHERE id = $1',
      [k._id],
    );
    expect(kept).toEqual({ case_number: k.case_number, status: 'ongoing', customer_id: c.id });
    expect((await t.ctx.db.query('SELECT 1 FROM case_history WHERE case_id = $1', [k._id])).length).toBe(historyBefore);
    const audit = await t.ctx.db.query<{ action: string }>(
      'SELECT action FROM data_rights_audit WHERE subject = $1 ORDER BY id',
      [c.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['export_requested', 'account_deleted']);

    // The address is free again.
    const again = await call(t, 'createCustomerUser', { form: registrationForm({ email: c.email }), ip: freshIp() });
    expect(again.statusCode, again.body).toBe(201);
  });
});

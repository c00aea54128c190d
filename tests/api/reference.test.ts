import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../contract/languages.ts';
import type { CaseList, Directorate, Division, Question, Team } from '../../contract/entities.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { MANUAL_DOWNLOAD_NAME } from '../../contract/limits.ts';
import { OPENAPI_PATH } from '../../server/plugins/openapi.ts';
import { publishManual } from '../../server/reference/manual.ts';
import { COMPRESS_MIN_BYTES } from '../../server/config/tuning.ts';
import type { TestApp } from '../support/api.ts';
import { BACKENDS, call, expectError, json, newCustomer, pdfFonts, startApp, unseen } from '../support/api.ts';

describe('the SPA files', () => {
  let spa: string;
  let t: TestApp;
  beforeAll(async () => {
    spa = mkdtempSync(path.join(tmpdir(), 'portal-spa-'));
    mkdirSync(path.join(spa, 'assets'));
    // As scripts/build.ts writes them: `/` pre-rendered, the other routes' empty page.
    writeFileSync(
      path.join(spa, 'index.html'),
      '<!doctype html><title>portal</title><div id="root"><h1>landing</h1></div>',
    );
    writeFileSync(
      path.join(spa, 'login.html'),
      '<!doctype html><title>portal</title><div id="root"><h1>login</h1></div>',
    );
    writeFileSync(path.join(spa, 'app.html'), '<!doctype html><title>portal</title><div id="root"></div>');
    writeFileSync(
      path.join(spa, 'index.html.br'),
      brotliCompressSync('<!doctype html><title>portal</title><div id="root"><h1>landing</h1></div>'),
    );
    const js = 'console.log("portal");'.repeat(50);
    writeFileSync(path.join(spa, 'assets', 'index-abc123.js'), js);
    writeFileSync(path.join(spa, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(spa, 'assets', 'index-abc123.js.gz'), gzipSync(js));
    t = await startApp('pglite', { env: { SPA_DIR: spa } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(spa, { recursive: true, force: true });
  });

  it('a malformed page address gets the SPA (which shows its own page), not a JSON error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/division/%E0%A4%A' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>portal</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('sends the pre-rendered pages (compressed when it can) and every other route the empty page', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(home.rawPayload).toString()).toContain('<h1>landing</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/?utm=x' })).body).toContain('<h1>landing</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/login' })).body).toContain('<h1>login</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/login?next=1' })).body).toContain('<h1>login</h1>');
    for (const url of ['/register', '/dashboard', '/dashboard/', '/division/abc', '/login/x', '/x/dashboard/cases']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root"></div>');
    }
    // A link below the dashboard, which a visitor without a session opens to log in: the login's page (ADR 0042).
    for (const url of ['/dashboard/cases', '/dashboard/case/abc?case=HDAB-2018-000001&type=x', '/dashboard/profile'])
      expect((await t.app.inject({ method: 'GET', url })).body, url).toContain('<h1>login</h1>');
  });

  it('hashed files are sent precompressed and cached for good; pages are checked each time', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log("portal")');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe.each(BACKENDS)('reference data and the API surface on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists divisions in six languages: active and inactive, at least one special', async () => {
    const divisions = json<Division[]>(await call(t, 'getAllDivisions'));
    expect(divisions.length).toBeGreaterThanOrEqual(5);
    expect(divisions.some((d) => d.status === 'inactive')).toBe(true);
    expect(divisions.some((d) => d.special === 'yes')).toBe(true);
    for (const d of divisions)
      for (const l of LANGS) expect(d[`name_${l}`].length, `${d.name_en} name_${l}`).toBeGreaterThan(0);
    for (const d of divisions) expect(d.name_am).toMatch(/[\u1200-\u137f]/);
    const one = json<Division>(await call(t, 'getDivisionById', { params: { id: divisions[0]!._id } }));
    expect(one).toEqual(divisions[0]);
    expectError(await call(t, 'getDivisionById', { params: { id: 'not-an-id' } }), 404, 'notFound');
    expectError(
      await call(t, 'getDivisionById', { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      404,
      'notFound',
    );
    const { token } = await newCustomer(t);
    expect(json(await call(t, 'getDivisions', { token }))).toEqual(divisions);
    expectError(await call(t, 'getDivisions'), 401, 'unauthorized');
  });

  it('lists directorates and teams with their division', async () => {
    const divisions = new Set(json<Division[]>(await call(t, 'getAllDivisions')).map((d) => d._id));
    const directorates = json<Directorate[]>(await call(t, 'getAllDirectorates'));
    expect(directorates.some((d) => d.status === 'active')).toBe(true);
    expect(directorates.some((d) => d.status === 'inactive')).toBe(true);
    for (const d of directorates) expect(divisions.has(d.division._id)).toBe(true);
    const teams = json<Team[]>(await call(t, 'getAllTeams'));
    expect(teams.length).toBeGreaterThan(0);
    expect(Object.keys(teams[0]!).sort()).toEqual(
      ['_id', 'division', 'status', ...LANGS.map((l) => `name_${l}`)].sort(),
    );
  });

  it('case types carry questions covering every input type, data type and required flag', async () => {
    const lists = json<CaseList[]>(await call(t, 'getAllCaseList'));
    const questions = lists.flatMap((l) => l.questions);
    expect(new Set(questions.map((q) => q.inputType))).toEqual(new Set(['normal_input', 'text_area', 'select']));
    expect(new Set(questions.map((q) => q.dataType))).toEqual(new Set(['string', 'number']));
    expect(new Set(questions.map((q) => q.isRequired))).toEqual(new Set(['yes', 'no']));
    for (const q of questions.filter((x) => x.inputType === 'select')) {
      expect(q.enumValues.length).toBeGreaterThan(1);
      for (const l of LANGS) expect(q.enumValues[0]!.expectedValues[`value_${l}`].length).toBeGreaterThan(0);
    }
    expect(lists.every((l) => l.time_limit > 0)).toBe(true);
    expect(lists.some((l) => l.status === 'inactive')).toBe(true);
    const all = json<Question[]>(await call(t, 'getAllQuestions'));
    expect(all.map((q) => q._id).sort()).toEqual(questions.map((q) => q._id).sort());
    const one = json<CaseList>(await call(t, 'getCaseListById', { params: { id: lists[0]!._id } }));
    expect(one).toEqual(lists[0]);
    expectError(await call(t, 'getCaseListById', { params: { id: 'nope' } }), 404);
    const { token } = await newCustomer(t);
    expect(json(await call(t, 'getCaseLists', { token }))).toEqual(lists);
  });

  it('publishes the contract as OpenAPI with every endpoint and its API-key header', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    const doc = json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; security: object[] }>>;
      components: { securitySchemes: Record<string, { name?: string }> };
    }>(res);
    expect(doc.openapi).toBe('3.1.0');
    for (const [name, def] of Object.entries(endpoints)) {
      const oaPath = `${API_PREFIX}${def.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      const op = doc.paths[oaPath]?.[def.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name);
      expect(doc.components.securitySchemes[def.apiKeyHeader.toLowerCase()]?.name).toBe(def.apiKeyHeader);
    }
    // The spec's 29, the customer's three steps on a case (ADR 0014), complaint tracking, session renewal, the flows' counts
    // (ADR 0017), the notification preferences with the phone’s code, the data rights (issue 22), the appointment's
    // calendar file (ADR 0028), and the bureau's SMS number and address (issue 51).
    expect(Object.keys(endpoints)).toHaveLength(44);
  });

  it('answers unknown API paths with a translated 404 and malformed JSON with a 400', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/nothing/here' }), 404, 'notFound');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${endpoints.loginCustomerUser.path}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectError(bad, 400, 'validation');
  });

  it('reference data carries an ETag and answers 304 while it is unchanged', async () => {
    for (const name of ['getAllDivisions', 'getAllCaseList', 'getAllQuestions', 'getAllDirectorates'] as const) {
      expect(endpoints[name].reference, name).toBe(true);
      const first = await call(t, name);
      expect(first.statusCode).toBe(200);
      const tag = first.headers.etag as string;
      expect(tag, name).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('no-cache');
      const again = await t.app.inject({
        method: 'GET',
        url: `${API_PREFIX}${endpoints[name].path}`,
        headers: { 'if-none-match': tag },
      });
      expect(again.statusCode, name).toBe(304);
      expect(again.body).toBe('');
    }
    // A change is a new tag, and the old one no longer matches.
    const before = (await call(t, 'getAllDivisions')).headers.etag as string;
    await t.ctx.db.query("UPDATE divisions SET name_en = name_en || ' (renamed)' WHERE position = 0");
    const after = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}${endpoints.getAllDivisions.path}`,
      headers: { 'if-none-match': before },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    // Only the reference data is tagged.
    const teams = await call(t, 'getAllTeams');
    expect(teams.statusCode).toBe(200);
    expect(teams.headers.etag).toBeUndefined();
  });

  it('compresses answers for a client that accepts it, tags and 304s them as before, and never inflates a request (ADR 0041)', async () => {
    const url = `${API_PREFIX}${endpoints.getAllCaseList.path}`;
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(br.headers.etag).toBe(plain.headers.etag);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const unchanged = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    // A short answer goes as it is: compressing it would save no round trip.
    const small = await t.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/no_such_api`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    // A PDF does not shrink: it goes as it is, whatever the client accepts.
    await publishManual(t.ctx.storage);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/Media/manual/${MANUAL_DOWNLOAD_NAME}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A body sent compressed is read as it came: a translated 400, nothing inflated.
    const packed = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${endpoints.loginCustomerUser.path}`,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'someone@example.com', password: 'not-the-password' })),
    });
    expectError(packed, 400, 'validation');
  });

  it('keeps reference answers while the reference version holds; a change to any table they read is in the next answer', async () => {
    // Each appends its own mark, so that the answer shows whether it was made once or twice.
    const reads: [EndpointName, string, string][] = [
      ['getAllDivisions', 'divisions', 'name_en'],
      ['getAllDirectorates', 'directorates', 'name_en'],
      ['getAllCaseList', 'case_lists', 'case_name_en'],
      ['getAllQuestions', 'questions', 'name_en'],
      ['getAllQuestions', 'enum_values', 'value_en'],
    ];
    for (const [name, table, column] of reads) {
      const mark = ` (${table} changed)`;
      const change = `UPDATE ${table} SET ${column} = ${column} || '${mark}' WHERE id = (SELECT min(id::text)::uuid FROM ${table})`;
      const first = await call(t, name);
      expect(first.statusCode, name).toBe(200);
      await unseen(t, change);
      const kept = await call(t, name);
      // From memory: the change made with the triggers off is not in it, and its tag is the first's.
      expect(kept.body, change).toBe(first.body);
      expect(kept.headers.etag).toBe(first.headers.etag);
      expect(kept.headers['cache-control']).toBe('no-cache');
      const conditional = await t.app.inject({
        method: 'GET',
        url: `${API_PREFIX}${endpoints[name].path}`,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(conditional.statusCode).toBe(304);
      // The same change with the triggers on raises the version: the next answer has both.
      await t.ctx.db.query(change);
      const fresh = await call(t, name);
      expect(fresh.body, change).not.toBe(first.body);
      expect(fresh.body.split(mark + mark).length - 1, change).toBe(1);
      expect(fresh.headers.etag).not.toBe(first.headers.etag);
    }
    // A division by id: kept under its own key, read afresh once a change raises the version.
    const [division] = json<Division[]>(await call(t, 'getAllDivisions'));
    const id = division!._id;
    const other = division!.status === 'active' ? 'inactive' : 'active';
    const one = await call(t, 'getDivisionById', { params: { id } });
    await unseen(t, 'UPDATE divisions SET status = $2 WHERE id = $1', [id, other]);
    expect((await call(t, 'getDivisionById', { params: { id } })).body).toBe(one.body);
    await t.ctx.db.query('UPDATE divisions SET status = $2 WHERE id = $1', [id, other]);
    expect(json<Division>(await call(t, 'getDivisionById', { params: { id } })).status).toBe(other);
    await t.ctx.db.query('UPDATE divisions SET status = $2 WHERE id = $1', [id, division!.status]);
  });

  it('a malformed address (a broken %-escape) answers a translated 400 on the API, never crashes the server', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/division_api/get_division/%E0%A4%A' }),
      400,
      'validation',
    );
    expect((await call(t, 'getAllDivisions')).statusCode).toBe(200);
  });

  it('the accusation acceptor logout answers 200 with a message', async () => {
    const res = await call(t, 'logoutAccusationAcceptor');
    expect(res.statusCode).toBe(200);
    expect(json(res).Message_en).toBe('Logged out.');
  });

  it('serves the customer manual as a real PDF with the Ethiopic font', async () => {
    await publishManual(t.ctx.storage);
    const res = await t.app.inject({ method: 'GET', url: `/Media/manual/${MANUAL_DOWNLOAD_NAME}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.length).toBeGreaterThan(10_000);
    expect(await pdfFonts(res.rawPayload)).toEqual(expect.arrayContaining([expect.stringMatching(/NotoSansEthiopic/)]));
  });
});

describe('API-key headers when keys are configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { env: { API_KEYS: 'get_divs_api=divs-key,get_all_dirs_api=dirs-key' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('checks the per-endpoint header', async () => {
    expectError(await call(t, 'getAllDivisions'), 403, 'apiKey');
    expectError(await call(t, 'getAllDivisions', { headers: { get_divs_api: 'wrong' } }), 403, 'apiKey');
    expect((await call(t, 'getAllDivisions', { headers: { get_divs_api: 'divs-key' } })).statusCode).toBe(200);
    // The key of one endpoint does not open another.
    expectError(await call(t, 'getAllDirectorates', { headers: { get_all_dirs_api: 'divs-key' } }), 403, 'apiKey');
    // Endpoints without a configured key are not checked.
    expect((await call(t, 'getAllTeams')).statusCode).toBe(200);
  });

  it('every endpoint of the table has a distinct header name', () => {
    const names = Object.values(endpoints).map((e) => e.apiKeyHeader);
    expect(new Set(names).size).toBe(names.length);
    expect(endpoints.getAllDivisions.apiKeyHeader).toBe('get_divs_api');
    expect((Object.keys(endpoints) as EndpointName[]).length).toBe(names.length);
  });
});

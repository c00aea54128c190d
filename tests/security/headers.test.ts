import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Case, CaseList } from '../../contract/entities.ts';
import { MEDIA_PATHS } from '../../contract/paths.ts';
import type { TestApp } from '../support/api.ts';
import {
  applicationFor,
  call,
  file,
  freshIp,
  json,
  newCustomer,
  openCaseList,
  pdfBytes,
  startApp,
} from '../support/api.ts';

/** An inline module, as the build writes the boot module into a pre-rendered page. */
const BOOT = 'document.body.dataset.booted = "yes";';
/** A classic inline script, as the build writes the one at the top of a pre-rendered page (ADR 0042). */
const TOP = 'document.documentElement.dataset.top = "yes";';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('security headers', () => {
  let spa: string;
  let t: TestApp;
  let open: CaseList;
  beforeAll(async () => {
    spa = mkdtempSync(path.join(tmpdir(), 'portal-spa-'));
    mkdirSync(path.join(spa, 'assets'));
    // A pre-rendered page as the build writes it: the classic script at its top and its boot
    // module inline (ADR 0042), its data and its entry not.
    writeFileSync(
      path.join(spa, 'index.html'),
      `<!doctype html><title>portal</title><script>${TOP}</script><script type="module" data-entry="/assets/index.js">${BOOT}</script>` +
        '<script type="module" src="/assets/other.js"></script>' +
        '<div id="root"><h1>landing</h1></div><script type="application/json" id="page-data">[]</script>',
    );
    writeFileSync(path.join(spa, 'app.html'), '<!doctype html><title>portal</title><div id="root"></div>');
    t = await startApp('pglite', { env: { SPA_DIR: spa } });
    open = await openCaseList(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(spa, { recursive: true, force: true });
  });

  it("every page: a CSP whose only inline scripts are the pages' own (by their hashes), no plugins, no <base>, framed only by the portal; no referrer, no sniffing", async () => {
    for (const url of [
      '/',
      '/register',
      '/reset_password/8a6e0804-2bd0-4672-b79d-d97027f9071e/abc',
      '/dashboard/cases',
      '/division/%E0%A4%A',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual([
        "'self'",
        `'sha256-${createHash('sha256').update(TOP).digest('base64')}'`,
        `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`,
      ]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'self'"]);
      expect(JSON.stringify(csp), url).not.toMatch(/unsafe-eval|\*/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/register' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-security-policy']).toBeTruthy();
  });

  it('API answers about a customer are never stored; reference data is revalidated instead', async () => {
    const customer = await newCustomer(t);
    const sensitive = [
      await call(t, 'loginCustomerUser', {
        body: { email: customer.email, password: 'a-long-enough-password' },
        ip: freshIp(),
      }),
      await call(t, 'getCustomerUser', { params: { id: customer.id }, token: customer.token }),
      await call(t, 'getCases', { token: customer.token }),
      await call(t, 'getCaseStatistics', { token: customer.token }),
      await call(t, 'getCaseByNumber', { body: { casenum: 'HDAB-2018-000001' } }),
      await call(t, 'getCustomerUser', { params: { id: customer.id } }),
    ];
    for (const res of sensitive) {
      expect(res.headers['cache-control'], res.body).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const reference = await call(t, 'getAllDivisions');
    expect(reference.headers['cache-control']).toBe('no-cache');
    expect(reference.headers.etag).toBeTruthy();
  });

  it('uploaded files: random stored names, the sniffed type, nosniff, a safe inline name and a policy that runs nothing', async () => {
    const owner = await newCustomer(t);
    const form = applicationFor(
      open,
      {},
      { attachment: file(await pdfBytes(), '../../etc/passwd ünïcode "x".pdf', 'application/pdf') },
    );
    const created = await call(t, 'createCase', { form, token: owner.token, ip: freshIp() });
    expect(created.statusCode, created.body).toBe(201);
    const [mine] = json<Case[]>(await call(t, 'getAllCases', { token: owner.token }));
    const stored = mine?.attachment ?? '';
    expect(path.basename(stored)).toMatch(/^[A-Za-z0-9_-]{22}\.pdf$/);
    expect(await t.ctx.storage.names('CaseFiles')).toContain(path.basename(stored));
    const res = await t.app.inject({
      method: 'GET',
      url: `${MEDIA_PATHS.caseFiles}${path.basename(stored)}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${path.basename(stored)}"`);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(csp['script-src']).toBeUndefined();
    expect(csp.sandbox).toBeUndefined();
  });
});

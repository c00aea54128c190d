import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaseList, Division } from '../contract/entities.ts';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { ATTACHMENT_MAX_BYTES, MB } from '../contract/limits.ts';
import { DEMO } from '../server/seed/seed.ts';
import { startBucket } from '../tests/support/s3.ts';
import { postgresDatabase, someone, startPortal } from './bench-lib.ts';

/**
 * `npm run bench:uploads`: 20 case submissions at once, each with a PDF just under the 10 MB
 * limit, against the production server. The server's resident memory is sampled while they
 * run: it must grow by at most 64 MB (files are streamed to storage, never held whole), and
 * every submission must be accepted. `BENCH_STORE=bucket` keeps the files in an S3 bucket
 * (s3rver from npm, on loopback, in this script's process: its memory is not the server's),
 * as OBJECT_STORAGE_URL does (ADR 0043).
 */
const CONCURRENT = 20;
const BUDGET_MB = 64;

/** The server's resident set size, from Linux's /proc. */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** A real PDF header and trailer around padding, just under the limit. */
function bigPdf(): Buffer<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n');
  const tail = Buffer.from('\ntrailer<<>>\n%%EOF\n');
  const body = Buffer.alloc(ATTACHMENT_MAX_BYTES - 1024 - head.length - tail.length, 0x20);
  return Buffer.concat([head, body, tail]);
}

async function main() {
  const database = await postgresDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-uploads-'));
  const bucket = process.env.BENCH_STORE === 'bucket' ? await startBucket() : null;
  console.log(bucket ? 'Files: an S3 bucket (s3rver on loopback)' : 'Files: the data folder');
  console.log(
    database
      ? 'Database: PostgreSQL'
      : 'Database: embedded PGlite (no PostgreSQL answered on 127.0.0.1:5432 and DATABASE_URL is not set)',
  );
  const portal = await startPortal({
    DATA_DIR: dataDir,
    SPA_DIR: path.join(dataDir, 'no-spa'),
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(bucket ? { OBJECT_STORAGE_URL: bucket.url } : {}),
    // One account sends all 21: its limit of applications an hour (10) is not what is measured.
    RATE_LIMITS: `createCase=${CONCURRENT + 1}/1h`,
  });
  try {
    const api = (name: keyof typeof endpoints) => `${portal.url}${API_PREFIX}${endpoints[name].path}`;
    const { token } = (await (
      await fetch(api('loginCustomerUser'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
      })
    ).json()) as { token: string };
    const divisions = (await (await fetch(api('getAllDivisions'))).json()) as Division[];
    const lists = (await (await fetch(api('getAllCaseList'))).json()) as CaseList[];
    const open = new Set(divisions.filter((d) => d.status === 'active' && d.special === 'no').map((d) => d._id));
    const list = lists.find((l) => l.status === 'active' && open.has(l.division._id));
    if (!list) throw new Error('no open case request to apply for');
    // Every question answered with a value of its kind.
    const form = list.questions.map((q) => ({
      [q._id]:
        q.inputType === 'select' ? (q.enumValues[0]?._id ?? '') : q.dataType === 'number' ? '3' : 'Benchmark answer',
    }));
    const pdf = bigPdf();
    const submit = async (remark: string) => {
      const body = new FormData();
      body.set('division', list.division._id);
      body.set('caselist', list._id);
      body.set('form', JSON.stringify(form));
      body.set('remark', remark);
      body.set('attachment', new Blob([pdf], { type: 'application/pdf' }), 'upload.pdf');
      const res = await fetch(api('createCase'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': someone() },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    };

    // One submission first, alone: what the server loads and compiles on its first case is
    // not memory the uploads hold (it is reported apart).
    const cold = rssOf(portal.pid);
    const warmStatus = await submit('The first upload, alone');
    if (warmStatus !== 201) throw new Error(`the first submission answered ${warmStatus}`);
    const before = rssOf(portal.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(portal.pid))), 50);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => submit(`Upload ${i + 1} of ${CONCURRENT}`)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(portal.pid));
    const growth = (peak - before) / MB;
    const accepted = statuses.filter((s) => s === 201).length;
    console.log(
      `${CONCURRENT} submissions of ${(pdf.length / MB).toFixed(2)} MB at once: ${accepted} accepted (statuses ${[...new Set(statuses)].join(', ')}) in ${seconds.toFixed(1)} s`,
    );
    console.log(
      `server resident memory: ${(cold / MB).toFixed(0)} MB at start, ${(before / MB).toFixed(0)} MB after one submission alone (+${((before - cold) / MB).toFixed(1)} MB)`,
    );
    console.log(
      `during the ${CONCURRENT} at once: ${(peak / MB).toFixed(0)} MB at the peak: +${growth.toFixed(1)} MB (budget +${BUDGET_MB} MB)`,
    );
    if (accepted !== CONCURRENT || growth > BUDGET_MB) process.exitCode = 1;
  } finally {
    portal.stop();
    await database?.drop().catch(() => undefined);
    await bucket?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

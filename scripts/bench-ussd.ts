import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ethiopianYear } from '../contract/dates.ts';
import { OPERATOR_PATHS, USSD_SECRET_HEADER } from '../contract/endpoints.ts';
import { USSD_ANSWER_MS } from '../server/config/tuning.ts';
import { postgresDatabase, startPortal } from './bench-lib.ts';

/**
 * `npm run bench:ussd`: the production server (on PostgreSQL when there is one, else PGlite,
 * and it says which) answering a USSD gateway on loopback (issue 56), for a bounded time, from
 * many phones at once, each request from a number of its own: the first screen (the menu), and
 * the heaviest, a case read (the whole session replayed, the case read and written as the SMS
 * answer). Prints req/s and p50/p95/p99/max per row against the gateway's wait. Every answer
 * must be the screen its row measures (the same text as one asked alone): a refusal, a "try
 * again later" or another screen fails the benchmark, since it is not what the row says it
 * measured. The USSD limits are raised for the run (printed); each request still meets them.
 */
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECRET = 'bench-ussd-secret-0123456789';
const RAISED_LIMITS = ['ussd:number', 'ussd:numberDay', 'ussd:screens'].map((r) => `${r}=1000000000/1m`).join(',');
/** The gateway's wait (about a second) and the portal's own bound for an answer. */
const GATEWAY_WAIT_MS = 1000;

let phones = 0;
const phone = () => `09${String(10_000_000 + (++phones % 89_999_999)).padStart(8, '0')}`;
const form = (text: string) =>
  new URLSearchParams({ sessionId: `bench-${phones}`, serviceCode: '*8123#', phoneNumber: phone(), text }).toString();
const headers = { 'content-type': 'application/x-www-form-urlencoded', [USSD_SECRET_HEADER]: SECRET };

const rows = [
  { name: 'menu (first screen)', text: '' },
  { name: 'case read (4 entries)', text: `9*1*${ethiopianYear()}*2` },
];

const database = await postgresDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-ussd-'));
const portal = await startPortal({
  USSD_SECRET: SECRET,
  RATE_LIMITS: RAISED_LIMITS,
  DATA_DIR: dataDir,
  SPA_DIR: path.join(dataDir, 'no-spa'),
  ...(database ? { DATABASE_URL: database.url } : {}),
});
let failed = false;
try {
  const url = `${portal.url}${OPERATOR_PATHS.ussd}`;
  console.log(
    `Database: ${database ? 'PostgreSQL' : 'PGlite (embedded)'}; ${CONNECTIONS} phones at once, ${DURATION_S} s a row.`,
  );
  console.log(`USSD limits raised for the run, so that every screen is answered: RATE_LIMITS=${RAISED_LIMITS}`);
  console.log(
    `\n${'row'.padEnd(24)}${'req/s'.padStart(8)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}${'wrong'.padStart(8)}`,
  );
  for (const row of rows) {
    // The screen asked alone: what every answer under load must be.
    const expected = await (await fetch(url, { method: 'POST', headers, body: form(row.text) })).text();
    if (!/^(CON|END) /.test(expected) || expected.includes('HDAB') !== row.text.includes('*'))
      throw new Error(`the row ${row.name} is not answered as it should be alone: ${expected}`);
    const latencies: number[] = [];
    let mismatches = 0;
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          method: 'POST',
          connections: CONNECTIONS,
          duration: DURATION_S,
          headers,
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({ ...req, body: form(row.text) }),
              onResponse: (status: number, body: string) => {
                if (status === 200 && body !== expected) mismatches++;
              },
            },
          ],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_c: unknown, _s: number, _b: number, ms: number) => void latencies.push(ms));
    });
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
    const wrong = result.non2xx + result.errors + mismatches;
    const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(10);
    console.log(
      `${row.name.padEnd(24)}${result.requests.average.toFixed(0).padStart(8)}${ms(at(50))}${ms(at(95))}${ms(at(99))}${ms(latencies.at(-1) ?? 0)}${String(wrong).padStart(8)}`,
    );
    if (wrong > 0) failed = true;
  }
  console.log(
    `\nThe portal ends a screen not ready in ${USSD_ANSWER_MS} ms with "try again later"; the gateway waits about ${GATEWAY_WAIT_MS} ms.`,
  );
  if (failed) {
    console.error(
      'Some answers were not the screen their row measures (refused, "try again later", or lost): the figures are not of that screen.',
    );
    process.exitCode = 1;
  }
} finally {
  portal.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

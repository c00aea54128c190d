import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/repository.ts';

/** Seconds: from a reference read kept in memory (well under a millisecond) to a slow upload. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What /metrics shows (Prometheus text format), one registry per process. The request
 * figures are counted by the metrics plugin, the upload bytes by the uploads plugin, the
 * 429s wherever a limit refuses; the queue and the pool are read when scraped.
 */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    limited: new Counter({
      name: 'portal_rate_limited_total',
      help: 'Calls refused with 429, by the rule that refused them (server/config/rate-rules.ts)',
      labelNames: ['rule'] as const,
      registers: [registry],
    }),
    smsReceived: new Counter({
      name: 'portal_sms_received_total',
      help: "Texts to the bureau's number, by what they asked (unread: met with silence) and whether they were answered (replied) or met silence past the number's or the portal's limit (limited) or from a number the operator account does not reach (unreachable)",
      labelNames: ['command', 'outcome'] as const,
      registers: [registry],
    }),
    ussdScreens: new Counter({
      name: 'portal_ussd_screens_total',
      help: "USSD screens answered, by the screen shown (a state of contract/ussd.machine.ts) and how (shown; limited: past the number's or the portal's limit; late: the answer took too long; unread: input too long)",
      labelNames: ['screen', 'outcome'] as const,
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'portal_upload_bytes_total',
      help: 'Bytes of files received and accepted for staging (pictures, attachments, complaint files)',
      registers: [registry],
    }),
    unnamedFilesRemoved: new Counter({
      name: 'portal_unnamed_files_removed_total',
      help: 'Kept files that no row of the database named (left by a crash between the store and the database), removed by the sweep',
      registers: [registry],
    }),
  };
  const queue = () => mailQueue(db);
  new Gauge({
    name: 'portal_mail_queue_depth',
    help: 'Mail waiting to be sent (neither sent nor given up)',
    registers: [registry],
    async collect() {
      this.set(Number((await queue())?.depth ?? 0));
    },
  });
  new Gauge({
    name: 'portal_mail_queue_oldest_age_seconds',
    help: 'Age of the oldest mail waiting to be sent (0: none waits)',
    registers: [registry],
    async collect() {
      this.set((await queue())?.oldest ?? 0);
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool: connections by state (in use, idle), requests waiting for one, and the pool size',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = db.poolUse();
      if (!use) return;
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

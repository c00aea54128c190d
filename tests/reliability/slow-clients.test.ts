import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { ATTACHMENT_MAX_BYTES } from '../../contract/limits.ts';
import { REQUEST_IDLE_MS, REQUEST_MAX_MS } from '../../server/config/tuning.ts';
import type { TestApp } from '../support/api.ts';
import { startApp } from '../support/api.ts';
import { buildApp } from '../../server/app.ts';

/** What a slow or stalled client may hold of a server (issue 32, "Also"). */
describe('slow and stalled request bodies', () => {
  let t: TestApp;
  let port: number;
  /** The idle limit this test waits for: the production one (REQUEST_IDLE_MS) is 30 s, the mechanism the same. */
  const IDLE_MS = 2000;
  beforeAll(async () => {
    t = await startApp('pglite', { requestIdleMs: IDLE_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A raw connection that sends a complaint's headers and then the body as told; resolves with what came back and when it closed. */
  function client(sendBody: (write: (chunk: string) => void) => Promise<void>, body: string) {
    const socket = connect(port, '127.0.0.1');
    const opened = Date.now();
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<{ answer: string; afterMs: number }>((resolve) =>
      socket.on('close', () => resolve({ answer, afterMs: Date.now() - opened })),
    );
    socket.on('error', () => undefined);
    socket.on('connect', () => {
      socket.write(
        `POST ${API_PREFIX}${pathOf('createAccusation')} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=B\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      void sendBody((chunk) => socket.write(chunk));
    });
    return closed;
  }

  it('a body that sends nothing is cut after the idle limit; one that keeps sending, with pauses under it, is answered though it takes longer', async () => {
    const body =
      '--B\r\nContent-Disposition: form-data; name="subject"\r\n\r\nSlow line\r\n--B\r\nContent-Disposition: form-data; name="description"\r\n\r\nIt trickles.\r\n--B--\r\n';
    const pause = IDLE_MS * 0.4;
    const parts = [body.slice(0, 40), body.slice(40, 80), body.slice(80, 120), body.slice(120)];
    const [stalled, trickling] = await Promise.all([
      client(async () => undefined, body),
      client(async (write) => {
        for (const part of parts) {
          write(part);
          if (part !== parts.at(-1)) await new Promise((resolve) => setTimeout(resolve, pause));
        }
      }, body),
    ]);
    // Cut at the idle limit, without an answer it could use.
    expect(stalled.afterMs).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(stalled.afterMs).toBeLessThan(IDLE_MS + 10_000);
    expect(stalled.answer).not.toMatch(/^HTTP\/1\.1 201/);
    // Took longer than the idle limit in all, and was filed.
    expect(trickling.afterMs).toBeGreaterThan(IDLE_MS);
    expect(trickling.answer).toMatch(/^HTTP\/1\.1 201/);
    // And the whole request may last as long as the largest upload at 64 kbit/s, with room.
    expect(REQUEST_MAX_MS).toBeGreaterThan(((ATTACHMENT_MAX_BYTES * 8) / 64_000) * 1000 * 1.2);
    expect(t.app.server.requestTimeout).toBe(REQUEST_MAX_MS);
  }, 120_000);

  it('the portal as it runs cuts an idle connection after REQUEST_IDLE_MS, not the shorter limit above', async () => {
    const app = await buildApp(t.ctx);
    try {
      expect(app.initialConfig.connectionTimeout).toBe(REQUEST_IDLE_MS);
      expect(REQUEST_IDLE_MS).toBeGreaterThan(IDLE_MS);
    } finally {
      await app.close();
    }
  });
});

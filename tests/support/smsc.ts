import type { AddressInfo } from 'node:net';
import smpp from 'smpp';
import type { PDU, Session } from 'smpp';
import { expect } from 'vitest';
import { phoneKey } from '../../contract/phone.ts';
import type { TestApp } from './api.ts';
import { call } from './api.ts';

/** A part of an SMS as the test SMSC received it, decoded by the smpp package's own decoder. */
export interface ReceivedPart {
  to: string;
  from: string;
  dataCoding: number;
  esmClass: number;
  /** The concatenation header's reference, total and sequence; null for a text of one part. */
  concat: { ref: number; total: number; seq: number } | null;
  text: string;
  messageId: string;
  /** When the SMSC received it (ms since the epoch). */
  at: number;
}

/** A whole SMS as a phone shows it: its parts joined in order. */
export interface ReceivedSms {
  to: string;
  from: string;
  dataCoding: number;
  parts: ReceivedPart[];
  text: string;
}

/**
 * A real SMPP server on loopback (the `smpp` package's), standing in for an operator's SMSC:
 * it binds one account, accepts submit_sm and answers a message id, and can send delivery
 * receipts back and refuse parts on demand.
 */
export async function startSmsc(options: { port?: number; systemId: string; password: string; onPart?: () => void }) {
  const parts: ReceivedPart[] = [];
  const sessions: Session[] = [];
  const bindsOk = new WeakSet<Session>();
  const onBind: (() => void)[] = [];
  let refuse: number | null = null;
  let leave: (() => void) | null = null;
  let sequence = 0;
  const server = smpp.createServer({}, (session: Session) => {
    sessions.push(session);
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: PDU & { response(o?: object): PDU }) => {
      const ok = pdu.system_id === options.systemId && pdu.password === options.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.errors.ESME_RBINDFAIL }));
      if (ok) {
        bindsOk.add(session);
        for (const resolve of onBind.splice(0)) resolve();
      }
    });
    session.on('enquire_link', (pdu: PDU & { response(o?: object): PDU }) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU & { response(o?: object): PDU }) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU & { response(o?: object): PDU }) => {
      if (leave) {
        // The operator goes away with the part unanswered: every session drops, nothing listens.
        const gone = leave;
        leave = null;
        for (const s of sessions) s.destroy();
        server.close(() => gone());
        return;
      }
      const body = pdu.short_message as { udh?: Buffer[]; message: string | Buffer };
      const header = body.udh?.find((h) => h[0] === 0x00);
      if (refuse !== null && (header?.[4] ?? 1) === refuse) {
        refuse = null;
        session.send(pdu.response({ command_status: smpp.errors.ESME_RSUBMITFAIL }));
        return;
      }
      const messageId = `SMSC${String(++sequence).padStart(6, '0')}`;
      parts.push({
        to: String(pdu.destination_addr),
        from: String(pdu.source_addr),
        dataCoding: Number(pdu.data_coding),
        esmClass: Number(pdu.esm_class),
        concat: header ? { ref: header[2] ?? 0, total: header[3] ?? 0, seq: header[4] ?? 0 } : null,
        text: String(body.message),
        messageId,
        at: Date.now(),
      });
      session.send(pdu.response({ message_id: messageId }));
      options.onPart?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `smpp://${encodeURIComponent(options.systemId)}:${encodeURIComponent(options.password)}@127.0.0.1:${port}`,
    parts,
    /** The SMS received, each with its parts joined as a phone joins them. */
    messages(): ReceivedSms[] {
      const groups = new Map<string, ReceivedPart[]>();
      for (const p of parts) {
        const key = p.concat ? `${p.to} ${p.concat.ref} ${p.concat.total}` : `${p.to} single ${p.messageId}`;
        groups.set(key, [...(groups.get(key) ?? []), p]);
      }
      return [...groups.values()].map((group) => {
        const ordered = [...group].sort((a, b) => (a.concat?.seq ?? 0) - (b.concat?.seq ?? 0));
        const first = ordered[0] as ReceivedPart;
        return {
          to: first.to,
          from: first.from,
          dataCoding: first.dataCoding,
          parts: ordered,
          text: ordered.map((p) => p.text).join(''),
        };
      });
    },
    /** The next part numbered `seq` (1 for a text of one part) is refused, once: an operator's momentary failure. */
    refusePart(seq: number) {
      refuse = seq;
    },
    /** At the next part submitted, the SMSC goes away (sessions dropped, port closed); resolves once it is gone. */
    awayAtNextPart(): Promise<void> {
      return new Promise((resolve) => (leave = resolve));
    },
    /** Sends a delivery receipt for a part, as an SMSC does when the phone has it. */
    async receipt(messageId: string, stat = 'DELIVRD') {
      const session = sessions.find((s) => !s.closed) ?? sessions.at(-1);
      if (!session) throw new Error('no session is bound');
      await new Promise<void>((resolve) =>
        session.deliver_sm(
          {
            esm_class: 0x04,
            short_message: `id:${messageId} sub:001 dlvrd:001 submit date:2611251200 done date:2611251201 stat:${stat} err:000 text:`,
          },
          () => resolve(),
        ),
      );
    },
    /**
     * A text a phone sends to the bureau's number, as the SMSC delivers it (`deliver_sm`, not a
     * receipt): UCS-2 when it is not GSM; in `parts` concatenated parts when asked. Resolves
     * when the portal acknowledged it, with the time it was sent. `ton`: the sender's type of
     * number (1 international, the default; 5 alphanumeric); `payload`: the text sent whole in
     * the message_payload parameter, short_message empty; `sendParts`: only the first parts of
     * the `parts` its header declares are sent.
     */
    async text(
      from: string,
      text: string,
      parts = 1,
      options: { ton?: number; payload?: boolean; sendParts?: number } = {},
    ): Promise<number> {
      const session = sessions.find((s) => !s.closed && bindsOk.has(s));
      if (!session) throw new Error('no session is bound');
      const sentAt = Date.now();
      const gsm = /^[\x20-\x7e\n\r]*$/.test(text);
      const chars = [...text];
      const size = Math.ceil(chars.length / parts);
      const ref = ++sequence % 256;
      for (let i = 0; i < (options.sendParts ?? parts); i++) {
        const piece = chars.slice(i * size, (i + 1) * size).join('');
        const message = parts > 1 ? { udh: Buffer.from([5, 0, 3, ref, parts, i + 1]), message: piece } : piece;
        await new Promise<void>((resolve, reject) =>
          session.deliver_sm(
            {
              source_addr: from,
              source_addr_ton: options.ton ?? 1,
              source_addr_npi: options.ton === 5 ? 0 : 1,
              destination_addr: '8123',
              esm_class: parts > 1 ? 0x40 : 0,
              data_coding: gsm ? 0 : 8,
              ...(options.payload
                ? { short_message: Buffer.alloc(0), message_payload: message }
                : { short_message: message }),
            },
            (pdu: PDU) =>
              pdu.command_status === 0 ? resolve() : reject(new Error(`deliver_sm refused: ${pdu.command_status}`)),
          ),
        );
      }
      return sentAt;
    },
    /** Resolves once a session is bound (the portal binds at start to hear texts). */
    bound(): Promise<void> {
      if (sessions.some((s) => !s.closed && bindsOk.has(s))) return Promise.resolve();
      return new Promise((resolve) => onBind.push(resolve));
    },
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Proves a customer's phone number as they would: a code asked, read from the SMS the test
 * SMSC received, and entered. Afterwards they may choose SMS.
 */
export async function provePhone(
  t: TestApp,
  smsc: Awaited<ReturnType<typeof startSmsc>>,
  c: { token: string; phone: string },
): Promise<void> {
  expect((await call(t, 'sendPhoneCode', { token: c.token })).statusCode).toBe(200);
  await t.ctx.outbox.flush();
  const texts = smsc.messages().filter((m) => m.to === phoneKey(c.phone));
  const code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1] ?? '';
  expect((await call(t, 'verifyPhoneCode', { token: c.token, body: { code } })).statusCode).toBe(200);
}

import type { AddressInfo } from 'node:net';
import smpp from 'smpp';
import type { PDU, Session } from 'smpp';

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
  let refuse: number | null = null;
  let sequence = 0;
  const server = smpp.createServer({}, (session: Session) => {
    sessions.push(session);
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: PDU & { response(o?: object): PDU }) => {
      const ok = pdu.system_id === options.systemId && pdu.password === options.password;
      session.send(pdu.response(ok ? {} : { command_status: smpp.errors.ESME_RBINDFAIL }));
    });
    session.on('enquire_link', (pdu: PDU & { response(o?: object): PDU }) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU & { response(o?: object): PDU }) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU & { response(o?: object): PDU }) => {
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
    async close() {
      for (const s of sessions) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

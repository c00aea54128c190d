import type { Logger } from 'pino';
import smpp from 'smpp';
import type { PDU, Session } from 'smpp';
import { SMPP_ANSWER_TIMEOUT_MS, SMPP_ENQUIRE_LINK_MS } from '../tuning.ts';
import type { SmppAccount } from './sms.ts';

const withTimeout = <T>(what: string, promise: Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the SMSC did not answer the ${what} in ${SMPP_ANSWER_TIMEOUT_MS} ms`)),
      SMPP_ANSWER_TIMEOUT_MS,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });

/**
 * One SMPP 3.4 transceiver session with the operator's SMSC, bound when first needed and
 * kept: every answer awaited at most SMPP_ANSWER_TIMEOUT_MS, the link kept alive by enquire
 * links both ways, and a session that fails, closes or times out dropped so that the next
 * use binds afresh. What arrives on it (`deliver_sm`) is acknowledged and goes to `onDeliver`; the messages and
 * what is recorded of them are the SMS channel's (sms.ts).
 */
export function smppSession(options: { account: SmppAccount; log: Logger; onDeliver: (pdu: PDU) => Promise<void> }) {
  const { account: a, log } = options;
  /** The session being bound or bound, and its socket: one at a time. */
  let session: Promise<Session> | null = null;
  let current: Session | null = null;
  /** Closes a session's socket; when it is the current one, the next message binds afresh. */
  const forget = (s: Session) => {
    if (current === s) {
      current = null;
      session = null;
    }
    s.destroy();
  };

  /** The bound session, connecting and binding first when there is none. */
  function bound(): Promise<Session> {
    session ??= withTimeout(
      'bind',
      new Promise<Session>((resolve, reject) => {
        const s: Session = smpp.connect(
          { host: a.host, port: a.port, tls: a.tls, auto_enquire_link_period: SMPP_ENQUIRE_LINK_MS },
          () =>
            s.bind_transceiver({ system_id: a.systemId, password: a.password }, (pdu) => {
              if (pdu.command_status === 0) resolve(s);
              else {
                forget(s);
                reject(new Error(`the SMSC refused the bind (status ${pdu.command_status})`));
              }
            }),
        );
        current = s;
        s.on('error', (error: Error) => {
          log.warn({ err: error.message }, 'SMPP session failed');
          forget(s);
          reject(error);
        });
        s.on('close', () => forget(s));
        s.on('deliver_sm', (pdu: PDU) => {
          s.send(new smpp.PDU('deliver_sm_resp', { sequence_number: pdu.sequence_number }));
          void options
            .onDeliver(pdu)
            .catch((error: unknown) => log.warn({ err: error }, 'delivery receipt not recorded'));
        });
        s.on('enquire_link', (pdu: PDU) =>
          s.send(new smpp.PDU('enquire_link_resp', { sequence_number: pdu.sequence_number })),
        );
      }),
    ).catch((error: unknown) => {
      // A bind that failed or never answered leaves no socket behind.
      if (current) forget(current);
      session = null;
      throw error;
    });
    return session;
  }

  const submit = (s: Session, fields: Record<string, unknown>) =>
    withTimeout(
      'submitted part',
      new Promise<string>((resolve, reject) => {
        const sent = s.submit_sm(fields, (pdu) =>
          pdu.command_status === 0
            ? resolve(String(pdu.message_id))
            : reject(new Error(`the SMSC refused a part (status ${pdu.command_status})`)),
        );
        if (!sent) reject(new Error('the SMPP session is closed'));
      }),
    );

  return {
    bound,
    submit,
    /** Drops a session that failed: the next use binds afresh. */
    forget,
    /** Unbinds politely, while the SMSC answers; the socket is closed either way. */
    async close() {
      const open = session;
      session = null;
      const s = await open?.catch(() => null);
      if (!s) return;
      await withTimeout(
        'unbind',
        new Promise<void>((resolve) => (s.unbind({}, () => resolve()) ? undefined : resolve())),
      ).catch(() => undefined);
      s.destroy();
    },
  };
}

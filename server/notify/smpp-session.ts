import type { Logger } from 'pino';
import smpp from 'smpp';
import type { PDU, Session } from 'smpp';
import {
  SMPP_ANSWER_TIMEOUT_MS,
  SMPP_ENQUIRE_LINK_MS,
  SMPP_REBIND_FIRST_MS,
  SMPP_REBIND_MAX_MS,
} from '../config/tuning.ts';

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

/** An operator's SMPP account, from SMPP_URL (`smpp://system_id:password@host:2775`, `smpps://` for TLS) and SMS_SENDER. */
export interface SmppAccount {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  sender: string;
}

/**
 * One SMPP 3.4 transceiver session with the operator's SMSC, bound when first needed and
 * kept: every answer awaited at most SMPP_ANSWER_TIMEOUT_MS, the link kept alive by enquire
 * links both ways, and a session that fails, closes or times out dropped so that the next
 * use binds afresh. What arrives on it (`deliver_sm`) is acknowledged first, then goes to
 * `onDeliver`; the messages and what is recorded of them are the SMS channel's (sms.ts). Once
 * `stayBound` is called the session is bound at once and bound again whenever it is lost
 * (after SMPP_REBIND_FIRST_MS, doubling up to SMPP_REBIND_MAX_MS), so that texts sent to the
 * bureau's number reach the portal even when it has nothing to send.
 */
export function smppSession(options: { account: SmppAccount; log: Logger; onDeliver: (pdu: PDU) => Promise<void> }) {
  const { account: a, log } = options;
  /** The session being bound or bound, and its socket: one at a time. */
  let session: Promise<Session> | null = null;
  let current: Session | null = null;
  /** The submits each session awaits an answer to: a session that closes fails them at once. */
  const waiting = new WeakMap<Session, Set<(error: Error) => void>>();
  let staying = false;
  let rebind: NodeJS.Timeout | undefined;
  let lost = 0;
  /** Closes a session's socket; when it is the current one, the next message binds afresh. */
  const forget = (s: Session) => {
    const wasCurrent = current === s;
    if (wasCurrent) {
      current = null;
      session = null;
    }
    for (const fail of waiting.get(s) ?? []) fail(new Error('the SMPP session closed'));
    waiting.delete(s);
    s.destroy();
    if (wasCurrent) bindLater();
  };
  /** While the portal listens, a lost session is bound again after a delay that grows while binds fail. */
  function bindLater() {
    if (!staying || rebind) return;
    const delay = Math.min(SMPP_REBIND_FIRST_MS * 2 ** lost, SMPP_REBIND_MAX_MS);
    lost += 1;
    rebind = setTimeout(() => {
      rebind = undefined;
      bound().catch(() => undefined);
    }, delay);
    rebind.unref();
  }

  /** The bound session, connecting and binding first when there is none. */
  function bound(): Promise<Session> {
    session ??= withTimeout(
      'bind',
      new Promise<Session>((resolve, reject) => {
        const s: Session = smpp.connect(
          { host: a.host, port: a.port, tls: a.tls, auto_enquire_link_period: SMPP_ENQUIRE_LINK_MS },
          () =>
            s.bind_transceiver({ system_id: a.systemId, password: a.password }, (pdu) => {
              if (pdu.command_status === 0) {
                lost = 0;
                resolve(s);
              } else {
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
          // Acknowledged before anything that can fail: the SMSC never sends it again.
          s.send(new smpp.PDU('deliver_sm_resp', { sequence_number: pdu.sequence_number }));
          void options
            .onDeliver(pdu)
            .catch((error: unknown) =>
              log.warn({ err: error instanceof Error ? error.message : String(error) }, 'a deliver_sm was not handled'),
            );
        });
        s.on('enquire_link', (pdu: PDU) =>
          s.send(new smpp.PDU('enquire_link_resp', { sequence_number: pdu.sequence_number })),
        );
      }),
    ).catch((error: unknown) => {
      // A bind that failed or never answered leaves no socket behind.
      if (current) forget(current);
      session = null;
      bindLater();
      throw error;
    });
    return session;
  }

  const submit = (s: Session, fields: Record<string, unknown>) =>
    withTimeout(
      'submitted part',
      new Promise<string>((resolve, reject) => {
        const pending = waiting.get(s) ?? new Set();
        waiting.set(s, pending);
        pending.add(reject);
        const sent = s.submit_sm(fields, (pdu) => {
          pending.delete(reject);
          if (pdu.command_status === 0) resolve(String(pdu.message_id));
          else reject(new Error(`the SMSC refused a part (status ${pdu.command_status})`));
        });
        if (!sent) reject(new Error('the SMPP session is closed'));
      }),
    );

  return {
    bound,
    submit,
    /** Drops a session that failed: the next use binds afresh. */
    forget,
    /** Binds now, and again whenever the session is lost, until `close`. */
    stayBound() {
      staying = true;
      bound().catch(() => undefined);
    },
    /** Unbinds politely, while the SMSC answers; the socket is closed either way. */
    async close() {
      staying = false;
      clearTimeout(rebind);
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

import path from 'node:path';
import type { Logger } from 'pino';
import type { PDU } from 'smpp';
import type { Db, Queryable } from '../db/client.ts';
import { devOutbox } from './mail.ts';
import type { About, ChannelDriver } from './outbox.ts';
import { UDH_INDICATOR, smsParts } from './sms-parts.ts';
import { acceptedParts, recordPart, recordReceipt } from './repository.ts';
import type { SmppAccount } from './smpp-session.ts';
import { smppSession } from './smpp-session.ts';
import { phoneKey } from '../../contract/phone.ts';
import { SMS_JOIN_WAIT_MS, SMS_READ_MAX_CHARS, SMS_READ_MAX_PARTS } from '../config/tuning.ts';

export interface Sms {
  /** The recipient's number as its key (contract/phone.ts `phoneKey`): E.164 without "+", one the account reaches (`smsNumberOf`). */
  to: string;
  text: string;
}

export interface Texter {
  /** Queues an SMS for `about` in the notifications outbox, in the caller's transaction when `q` is one. */
  send(sms: Sms, about: About, q?: Queryable): Promise<void>;
  readonly kind: 'smpp' | 'outbox';
}

/** SMPP_URL read, or what is wrong with it. */
export function parseSmppUrl(value: string): Omit<SmppAccount, 'sender'> | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL: smpp://system_id:password@host:2775 (smpps:// for TLS)';
  }
  if (url.protocol !== 'smpp:' && url.protocol !== 'smpps:') return 'must start with smpp:// or smpps://';
  if (!url.hostname) return 'names no host';
  if (!url.username || !url.password) return 'must carry the account: smpp://system_id:password@host:port';
  const tls = url.protocol === 'smpps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : tls ? 3550 : 2775,
    tls,
    systemId: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

/** SMS_SENDER: a name of up to 11 letters, digits and spaces, or a number of up to 15 digits. */
export const SMS_SENDER_PATTERN = /^(?:[A-Za-z0-9 ]{1,11}|\+?[0-9]{1,15})$/;

/** The sender as SMPP addresses it: alphanumeric (TON 5) or an international number (TON 1, NPI 1). */
const senderAddress = (sender: string) =>
  /^\+?[0-9]+$/.test(sender)
    ? { source_addr: sender.replace(/^\+/, ''), source_addr_ton: 1, source_addr_npi: 1 }
    : { source_addr: sender, source_addr_ton: 5, source_addr_npi: 0 };

/**
 * Where an SMS to a number written anyhow (0911…, +251 911…, a foreign number) goes: its key
 * (contract/phone.ts), when it is under one of the prefixes the operator account reaches
 * (`SMS_REACH`); null when it is no number, or one the account cannot reach.
 */
export function smsNumberOf(reach: readonly string[], phone: string): string | null {
  const key = phoneKey(phone);
  return key !== null && reachable(reach, key) ? key : null;
}

/** Whether the operator account reaches a number given as its key (`SMS_REACH`). */
export const reachable = (reach: readonly string[], key: string): boolean =>
  reach.some((prefix) => key.startsWith(prefix));

/** SMPP's type of number for an alphanumeric sender (a name such as a bank's): never a phone. */
const TON_ALPHANUMERIC = 5;
const TON_INTERNATIONAL = 1;

/**
 * The phone a text to the bureau came from, as its key, by the type of number the SMSC gave
 * (issue 48): an international number as such, a national or unknown one as written; an
 * alphanumeric sender (a name, or digits that only look like a number) is no phone: null.
 */
export function senderKey(address: string, ton: number): string | null {
  if (ton === TON_ALPHANUMERIC || !/^\+?\d+$/.test(address)) return null;
  return phoneKey(ton === TON_INTERNATIONAL ? `+${address.replace(/^\+/, '')}` : address);
}

/** A delivery receipt's text (SMPP 3.4 appendix B): `id:… sub:… dlvrd:… submit date:… done date:… stat:DELIVRD err:…`. */
function readReceipt(text: string): { id: string; stat: string } | null {
  const found = /\bid:(\S+).*\bstat:(\w+)/s.exec(text);
  return found ? { id: found[1] ?? '', stat: found[2] ?? '' } : null;
}

/**
 * The SMS channel: the operator's SMSC over SMPP 3.4 when an account is given, otherwise
 * a development outbox (`<dataDir>/sms-outbox`, printed) like the mail one. Over SMPP, one
 * transceiver session is bound and kept; each part accepted is recorded (`sms_parts`), so a
 * retry after the SMSC went away sends only the parts it had not accepted, with the same
 * concatenation reference; delivery receipts are recorded against the parts, and the
 * message is marked delivered when every part is. Texts that phones send to the bureau's
 * number arrive on the same session (`deliver_sm` that is not a receipt): once `listen` is
 * called the session stays bound for them, and the parts of a long one are joined first.
 */
export function smsChannel(options: {
  db: Db;
  log: Logger;
  account: SmppAccount | undefined;
  dataDir: string;
  print?: boolean;
}): ChannelDriver & {
  kind: Texter['kind'];
  /** Texts sent to the bureau's number go to `onText` from now on (the session is kept bound for them). */
  listen(onText: (incoming: { from: string; text: string }) => Promise<void>): void;
} {
  const { db, log, account } = options;
  if (!account) {
    const { keep, forget: forgetTo } = devOutbox(path.join(options.dataDir, 'sms-outbox'), options.print !== false);
    return {
      kind: 'outbox',
      forget: forgetTo,
      deliver: async (m) => {
        const parts = smsParts(m.body, Number(m.id));
        keep(
          'SMS',
          m,
          { to: m.recipient, text: m.body, dataCoding: parts.dataCoding, parts: parts.messages.length },
          `To: ${m.recipient}\n\n${m.body}`,
        );
      },
      // Nothing arrives without an operator: texts to the bureau need SMPP_URL.
      listen: () => undefined,
      close: async () => undefined,
    };
  }

  const joining = new Map<string, { parts: (string | undefined)[]; timer: NodeJS.Timeout }>();
  /** A part of a long text to the bureau: the whole text once every part arrived, else null. */
  function joined(from: string, concat: Concat, text: string): string | null {
    const key = `${from} ${concat.ref} ${concat.total}`;
    const entry = joining.get(key) ?? {
      parts: Array.from({ length: concat.total }, () => undefined),
      timer: setTimeout(() => joining.delete(key), SMS_JOIN_WAIT_MS).unref(),
    };
    joining.set(key, entry);
    entry.parts[concat.seq - 1] = text;
    if (entry.parts.some((p) => p === undefined)) return null;
    clearTimeout(entry.timer);
    joining.delete(key);
    return entry.parts.join('');
  }

  async function onDeliver(pdu: PDU) {
    // esm_class bits 2-5 say what it is: 0 a text a phone sent, 1 (0x04) a delivery receipt, others acknowledgements.
    const type = Number(pdu.esm_class) & 0x3c;
    // A text sent whole in the message_payload parameter leaves short_message empty (SMPP 3.4, 5.3.2.32).
    const short = pdu.short_message as { message?: Buffer | string; udh?: Buffer[] } | undefined;
    const body = textOf(short) ? short : ((pdu.message_payload as typeof short) ?? short);
    const text = textOf(body);
    if (type === 0x04) {
      const receipt = readReceipt(text);
      const id = String(pdu.receipted_message_id ?? receipt?.id ?? '');
      if (id && receipt) await recordReceipt(db, id, receipt.stat);
      return;
    }
    if (type !== 0 || !listener) return;
    const from = senderKey(String(pdu.source_addr ?? ''), Number(pdu.source_addr_ton ?? 0));
    // Only a phone's text is read; one longer than any command (its parts, or its bytes sent whole) is not read at all.
    const concat = concatHeader(body?.udh);
    if (from === null || text.length > SMS_READ_MAX_CHARS || (concat && concat.total > SMS_READ_MAX_PARTS)) {
      log.info({ parts: concat?.total ?? 1, phone: from !== null }, 'a text to the bureau was not read');
      return;
    }
    const whole = concat ? joined(from, concat, text) : text;
    if (whole !== null) await listener({ from, text: whole });
  }
  let listener: ((incoming: { from: string; text: string }) => Promise<void>) | null = null;
  const smsc = smppSession({ account, log, onDeliver });

  return {
    kind: 'smpp',
    async deliver(m) {
      // The reference joins the parts on the phone: the same on every try of this message.
      const { dataCoding, messages } = smsParts(m.body, Number(m.id));
      const accepted = await acceptedParts(db, m.id);
      const s = await smsc.bound();
      for (const [i, message] of messages.entries()) {
        if (accepted.has(i + 1)) continue;
        let id: string;
        try {
          id = await smsc.submit(s, {
            ...senderAddress(account.sender),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            destination_addr: m.recipient,
            data_coding: dataCoding,
            esm_class: messages.length > 1 ? UDH_INDICATOR : 0,
            registered_delivery: 1,
            short_message: message,
          });
        } catch (error) {
          // A session that timed out or broke is not used again: the retry binds afresh.
          smsc.forget(s);
          throw error;
        }
        await recordPart(db, m.id, i + 1, id);
      }
    },
    listen(onText) {
      listener = onText;
      smsc.stayBound();
    },
    close: async () => {
      for (const { timer } of joining.values()) clearTimeout(timer);
      await smsc.close();
    },
  };
}

/** The text of a decoded short_message or message_payload ('' when there is none, or it could not be decoded). */
const textOf = (body: { message?: Buffer | string } | undefined): string =>
  typeof body?.message === 'string' ? body.message : '';

interface Concat {
  ref: number;
  total: number;
  seq: number;
}

/** The concatenation header of a part (8-bit reference, IEI 0; 16-bit, IEI 8), when it has one. */
function concatHeader(udh: Buffer[] | undefined): Concat | null {
  for (const h of udh ?? []) {
    const found =
      h[0] === 0x00 && h.length >= 5
        ? { ref: h[2] ?? 0, total: h[3] ?? 0, seq: h[4] ?? 0 }
        : h[0] === 0x08 && h.length >= 6
          ? { ref: ((h[2] ?? 0) << 8) | (h[3] ?? 0), total: h[4] ?? 0, seq: h[5] ?? 0 }
          : null;
    // A header that numbers its part outside its total is read as a text of one part.
    if (found) return found.seq >= 1 && found.seq <= found.total ? found : null;
  }
  return null;
}

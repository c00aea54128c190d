import smpp from 'smpp';
import { SMS_GSM_PART, SMS_GSM_SINGLE, SMS_MAX_PARTS, SMS_UCS2_PART, SMS_UCS2_SINGLE } from '../config/tuning.ts';

/** SMPP's data_coding: the SMSC's default alphabet (GSM 03.38), or UCS-2 for everything else (Ethiopic included). */
const DATA_CODING = { gsm: 0x00, ucs2: 0x08 } as const;
/** esm_class bit saying that short_message starts with a user data header (here: the concatenation header). */
export const UDH_INDICATOR = 0x40;

export interface SmsParts {
  dataCoding: (typeof DATA_CODING)[keyof typeof DATA_CODING];
  /** Each part's short_message: the concatenation header (when more than one) then the encoded text. */
  messages: Buffer[];
}

/** Whether a text is written in GSM 03.38 only (the basic table and its extension). */
export const fitsGsm = (text: string): boolean => smpp.gsmCoder.GSM.charRegex.test(text);

/** A GSM character's cost in septets: an extension character (€, [, ...) is sent as ESC and itself. */
export const septets = (ch: string) => (smpp.gsmCoder.GSM.extChars.includes(ch) ? 2 : 1);

/** Cuts a text into pieces of at most `size` units, never inside a character (`cost` units each). */
function cut(chars: string[], size: number, cost: (ch: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const ch of chars) {
    if (used + cost(ch) > size) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += ch;
    used += cost(ch);
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * A text as SMPP's submit_sm carries it: GSM 7-bit (one septet per octet, as SMPP sends
 * the default alphabet) when every character is GSM's, else UCS-2 (big-endian). A text
 * longer than one message is cut into parts, each led by the 8-bit-reference concatenation
 * header (IEI 0x00: reference, total, sequence) that phones use to join them.
 */
export function smsParts(text: string, reference: number): SmsParts {
  const gsm = fitsGsm(text);
  const encode = (piece: string) => (gsm ? smpp.gsmCoder.encode(piece, 0) : Buffer.from(piece, 'utf16le').swap16());
  // Code points, so that a character outside the BMP (a surrogate pair, 2 UCS-2 units) is never split.
  const chars = [...text];
  const cost = gsm ? septets : (ch: string) => ch.length;
  const total = chars.reduce((n, ch) => n + cost(ch), 0);
  const single = gsm ? SMS_GSM_SINGLE : SMS_UCS2_SINGLE;
  const dataCoding = gsm ? DATA_CODING.gsm : DATA_CODING.ucs2;
  if (total <= single) return { dataCoding, messages: [encode(text)] };
  const pieces = cut(chars, gsm ? SMS_GSM_PART : SMS_UCS2_PART, cost);
  if (pieces.length > SMS_MAX_PARTS)
    throw new Error(`An SMS of ${pieces.length} parts is longer than the ${SMS_MAX_PARTS} a phone joins.`);
  const ref = reference & 0xff;
  return {
    dataCoding,
    messages: pieces.map((piece, i) =>
      Buffer.concat([Buffer.from([0x05, 0x00, 0x03, ref, pieces.length, i + 1]), encode(piece)]),
    ),
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { FILE_LINK_PARAM } from '../../contract/paths.ts';
import { FILE_LINK_MINUTES } from '../config/tuning.ts';
import type { SessionClaims } from './tokens.ts';

/** The session a link lives and dies with: its account, its token and the account's token version. */
export type LinkSession = Pick<SessionClaims, 'customerId' | 'jti' | 'tokenVersion' | 'exp'>;

/** What a valid link says: until when it works, and the session it dies with (none: a visitor's). */
export interface ReadLink {
  exp: number;
  session: Omit<LinkSession, 'exp'> | null;
}

const mac = (secret: string, pathname: string, fields: string[]): string =>
  createHmac('sha256', secret)
    .update(`file:${pathname}:${fields.join(':')}`)
    .digest('base64url')
    .slice(0, 22);

/**
 * A short-lived link to a served file (issue 48): its address with `?k=<until>.<session>.<mac>`,
 * the MAC keyed by the server's secret over the file's path, the time and the session. It
 * works for FILE_LINK_MINUTES, never past the session's own expiry, and a signed-in caller's
 * dies with their session (a logout, a new password); a visitor's (the phone on file, a
 * complaint's code) only with the time.
 */
export function fileLink(secret: string, pathname: string, session?: LinkSession, now = Date.now()): string {
  const until = Math.floor(now / 1000) + FILE_LINK_MINUTES * 60;
  const exp = String(session ? Math.min(until, session.exp) : until);
  const fields = session ? [exp, session.customerId, session.jti, String(session.tokenVersion)] : [exp, '', '', ''];
  return `${pathname}?${FILE_LINK_PARAM}=${[...fields, mac(secret, pathname, fields)].join('.')}`;
}

/** The link `k` of `pathname`, when it is one the server gave and its time has not passed; null otherwise. */
export function readFileLink(secret: string, pathname: string, k: string, now = Date.now()): ReadLink | null {
  const parts = k.split('.');
  if (parts.length !== 5) return null;
  const [exp, customerId, jti, tokenVersion, given] = parts as [string, string, string, string, string];
  const expected = Buffer.from(mac(secret, pathname, [exp, customerId, jti, tokenVersion]));
  if (expected.length !== Buffer.byteLength(given) || !timingSafeEqual(expected, Buffer.from(given))) return null;
  if (!/^\d+$/.test(exp) || Number(exp) * 1000 <= now) return null;
  return {
    exp: Number(exp),
    session: customerId ? { customerId, jti, tokenVersion: Number(tokenVersion) } : null,
  };
}

/**
 * A stored file's name with its link (`<name>?k=…`), for an answer whose reader puts the
 * area's path (`MEDIA_PATHS.…`) in front of the name, as the spec's fields are read.
 */
export const linkedName = (secret: string, area: string, name: string, session?: LinkSession): string =>
  fileLink(secret, `${area}${name}`, session).slice(area.length);

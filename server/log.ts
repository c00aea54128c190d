import path from 'node:path';
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { API_PREFIX, endpoints } from '../contract/endpoints.ts';
import { MEDIA_PATHS, paths } from '../contract/paths.ts';

/** What a log line shows in place of a secret. */
export const REDACTED = '[redacted]';

/** The parameters of an address that open something by themselves: a reset link's token, a complaint's tracking code. */
const SECRET_PARAMS = new Set(['token', 'code']);

/** Addresses (the contract's patterns) with a secret parameter: the reset page and call, the complaint page and call. */
const SECRET_ADDRESSES = [
  paths.resetPassword.pattern,
  paths.complaint.pattern,
  `${API_PREFIX}${endpoints.resetCustomerUser.path}`,
  `${API_PREFIX}${endpoints.getComplaintByCode.path}`,
].map((pattern) => {
  const parts = pattern.split('/');
  const secret = parts.map((p) => p.startsWith(':') && SECRET_PARAMS.has(p.slice(1)));
  const matcher = new RegExp(
    `^${parts.map((p) => (p.startsWith(':') ? '[^/?#]*' : p.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}(?=[?#]|$)`,
  );
  return { matcher, secret };
});

/**
 * A route as the server and the browser may read it, whatever the client wrote (issue 48):
 * %-escapes decoded, repeated slashes one, dot segments resolved. `//reset_password/…` and
 * `/reset%5Fpassword/…` are the reset page too.
 */
function cleaned(route: string): string {
  let decoded = route;
  try {
    decoded = decodeURIComponent(route);
  } catch {
    // A broken escape stays as it was written.
  }
  return path.posix.normalize(decoded.replace(/\/{2,}/g, '/'));
}

/**
 * An address as the log may keep it: the secret parameters of the reset and complaint
 * addresses and the name of any file under /Media (random, and enough to fetch it; with its
 * link's query, which opens it) replaced, found on the address as it would be read in any
 * case of letters; an address that carries no secret is kept as it came.
 */
export function loggedUrl(url: string): string {
  const [route = '', rest = ''] = url.split(/(?=[?#])/, 2);
  const clean = cleaned(route);
  const lower = clean.toLowerCase();
  if (lower.startsWith(MEDIA_PATHS.root.toLowerCase()))
    return `${clean.slice(0, clean.lastIndexOf('/') + 1)}${REDACTED}`;
  for (const { matcher, secret } of SECRET_ADDRESSES) {
    if (!matcher.test(lower)) continue;
    return `${clean
      .split('/')
      .map((p, i) => (secret[i] ? REDACTED : p))
      .join('/')}${rest}`;
  }
  return url;
}

/**
 * The server's logger (pino, JSON on stdout): the bearer token and the case phone header are
 * never written, and request addresses go through `loggedUrl` (Fastify's own request
 * serializer is replaced by this one, which it merges over its defaults).
 */
export function createLog(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: ['req.headers.authorization', 'req.headers["x-case-phone"]'],
      serializers: {
        req: (req: {
          method?: string;
          url?: string;
          host?: string;
          ip?: string;
          socket?: { remotePort?: number };
        }) => ({
          method: req.method,
          url: loggedUrl(req.url ?? ''),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}

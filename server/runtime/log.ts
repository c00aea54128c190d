import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';
import { MEDIA_PATHS, paths } from '../../contract/paths.ts';

/** What a log line shows in place of a secret. */
export const REDACTED = '[redacted]';

/** The parameters of an address that open something by themselves: a reset link's token, a complaint's tracking code. */
const SECRET_PARAMS = new Set(['token', 'code']);

/**
 * Addresses (the contract's patterns) with a secret parameter: the reset page and call, the
 * complaint page and call; as their segments, lower case, with where the secrets stand.
 */
const SECRET_ADDRESSES = [
  paths.resetPassword.pattern,
  paths.complaint.pattern,
  `${API_PREFIX}${endpoints.resetCustomerUser.path}`,
  `${API_PREFIX}${endpoints.getComplaintByCode.path}`,
].map((pattern) => {
  const parts = pattern.split('/').filter(Boolean);
  return {
    literal: parts.map((p) => (p.startsWith(':') ? null : p.toLowerCase())),
    secret: parts.map((p) => p.startsWith(':') && SECRET_PARAMS.has(p.slice(1))),
  };
});

/** Every run of valid %-escapes decoded; a broken one (`%`, `%zz`) left as written, the rest still decoded. */
const decodeLoosely = (text: string): string =>
  text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * A route's segments as a server or a browser may read them, whatever the client wrote
 * (issue 48): %-escapes decoded, a backslash a slash, empty and `.` segments dropped, `..` the
 * one before it undone. `//reset_password/…/`, `/reset%5Fpassword/…%` and `/complaint\…` are
 * the reset and complaint pages too.
 */
function segmentsOf(route: string): string[] {
  const segments: string[] = [];
  for (const segment of decodeLoosely(route).replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/** A served file's area (`CaseFiles`, …), which the log may show; a file's name or link it never shows. */
const MEDIA_AREAS = new Set(
  Object.values(MEDIA_PATHS)
    .map((p) => p.split('/').filter(Boolean))
    .filter((parts) => parts.length === 2)
    .map((parts) => parts[1]?.toLowerCase()),
);
const MEDIA_ROOT = MEDIA_PATHS.root.split('/').filter(Boolean)[0]?.toLowerCase();

/**
 * An address as the log may keep it. Read as a server or a browser would (an absolute
 * request line's scheme and host set aside; see `segmentsOf`), whatever the case of its
 * letters: a served file keeps its area only (its name and its link's query are what open
 * it); the reset and complaint addresses have their secret and every segment after it
 * replaced; an address that carries no secret is kept as it came.
 */
export function loggedUrl(url: string): string {
  const relative = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const [route = '', rest = ''] = relative.split(/(?=[?#])/, 2);
  const segments = segmentsOf(route);
  const lower = segments.map((s) => s.toLowerCase());
  if (lower[0] === MEDIA_ROOT) {
    const area = segments.length > 2 && MEDIA_AREAS.has(lower[1]) ? `${segments[1]}/` : '';
    return `/${segments[0]}/${area}${REDACTED}`;
  }
  for (const { literal, secret } of SECRET_ADDRESSES) {
    if (lower.length < literal.length || !literal.every((part, i) => part === null || part === lower[i])) continue;
    return `/${segments.map((s, i) => (i >= literal.length || secret[i] ? REDACTED : s)).join('/')}${rest}`;
  }
  return url;
}

/**
 * The server's logger (pino, JSON on stdout): the bearer token, the case phone header and a
 * database error's values are never written, and request addresses go through `loggedUrl` (Fastify's own request
 * serializer is replaced by this one, which it merges over its defaults).
 */
export function createLog(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      // A database error carries the statement's values (a phone number, what someone typed): never written.
      redact: ['req.headers.authorization', 'req.headers["x-case-phone"]', 'err.params', 'err.detail'],
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

/** The API's path prefix (spec section 7). */
export const API_PREFIX = '/api';

/** none: no token; required: a bearer token; optional: a token changes what is returned. */
export type Auth = 'none' | 'required' | 'optional';

/**
 * What both halves need of an endpoint at once: where it is and who may call it. What it
 * answers is in answers.ts (the SPA fetches it with its first call, not with the page);
 * what it accepts is in requests.ts (the server validates it; the SPA never loads it).
 */
export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under API_PREFIX, with `:name` parameters. */
  path: string;
  auth: Auth;
  /** The fixed per-endpoint header that carries the API key (spec section 6). */
  apiKeyHeader: string;
  status: 200 | 201;
  /** Reference data (divisions, directorates, case types, questions): sent with an ETag, 304 when unchanged. */
  reference?: true;
  /** A POST that only reads (the spec makes the case lookup one): its answer may be kept as a GET's may. */
  read?: true;
  /** A GET that changes something (the spec makes the logout one): its answer is never kept. */
  effect?: true;
}

/**
 * A read the SPA copies for the session while a customer is signed in (src/api/copies.ts):
 * their own data, and the public data their pages read with it (a case's type and questions),
 * so that a page read online reads again offline whether or not the service worker holds it.
 */
export const isSessionRead = (def: EndpointDef): boolean => (def.method === 'GET' && !def.effect) || def.read === true;

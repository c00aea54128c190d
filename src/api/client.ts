import type * as z from 'zod/mini';
import type { AnswerOf } from '../../contract/answers.ts';
import type { ErrorBody, Messages } from '../../contract/common.ts';
import type { EndpointName } from '../../contract/endpoints.ts';
import type { Requests } from '../../contract/requests.ts';
import { API_PREFIX, endpoints, isSessionRead, pathOf } from '../../contract/endpoints.ts';
import { SESSION_STORAGE_KEY } from '../../contract/limits.ts';
import type { ApiFailure } from '../../machines/api-failure.ts';
import { headersFor } from './headers.ts';
import { sessionGone } from './session-gone.ts';

/** The one typed error of every call: the status (0 when no answer came) and the server's messages. */
export class ApiError extends Error implements ApiFailure {
  readonly status: number;
  readonly messages: Messages | null;
  readonly fields: Record<string, string>;
  readonly limits: Record<string, number>;
  readonly offline: boolean;
  /** A 429's Retry-After in seconds, when the server gave one (ADR 0005). */
  readonly retryAfter: number;
  /** An unverified account's pending registration, for the code screen (ADR 0029). */
  readonly registration: string | undefined;
  /** `error`: the refusal's body as the contract's error (src/api/schemas.ts's `errorOf`), or null. */
  constructor(status: number, error: ErrorBody | null, retryAfter?: string | null) {
    super(error ? error.Message_en : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = error;
    this.fields = error?.fields ?? {};
    this.limits = error?.limits ?? {};
    // No answer, and the browser knows it has no connection (not a server that did not answer).
    this.offline = status === 0 && globalThis.navigator?.onLine === false;
    // Seconds (the form the server sends); anything else is no answer, and the spec's wait holds.
    this.retryAfter = Number(retryAfter) || 0;
    this.registration = error?.registration;
  }
}

export const sessionToken = (): string | null => {
  try {
    return sessionStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
};

/** What a part of an endpoint's request accepts, by the contract's schema (types only: the SPA never loads requests.ts). */
type Accepts<K extends EndpointName, Part extends string> = Requests[K] extends {
  [P in Part]: infer Schema extends z.ZodMiniType;
}
  ? z.input<Schema>
  : never;

/** A part the endpoint's schema has must be given (`call('getDivisionById')` without its id does not compile); one it lacks cannot be. */
type Given<K extends EndpointName, Part extends 'params' | 'body'> = Requests[K] extends {
  [P in Part]: z.ZodMiniType;
}
  ? { [P in Part]: Accepts<K, Part> }
  : { [P in Part]?: never };

/** A call's path parameters, query and JSON body, each typed by the contract's request schema of `K`. */
export type CallOptions<K extends EndpointName> = Given<K, 'params'> &
  Given<K, 'body'> & {
    query?: Accepts<K, 'query'>;
    headers?: Record<string, string>;
  };

/** The options of a call: left out only where the endpoint needs neither path parameters nor a body. */
export type CallArgs<K extends EndpointName> =
  object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** The endpoints that take a multipart payload, and the names of its text fields and files. */
export type UploadName = { [K in EndpointName]: Requests[K] extends { multipart: object } ? K : never }[EndpointName];
export type Multipart<K extends UploadName> = Requests[K] extends {
  multipart: { fields: infer F extends z.ZodMiniType; files: infer Files };
}
  ? { fields: z.input<F>; files: keyof Files }
  : never;

export type ResponseOf<K extends EndpointName> = AnswerOf<K>;

/** The schemas answers are parsed with (src/api/schemas.ts); null when their code cannot be had. */
export const schemas = () => import('./schemas.ts').catch(() => null);
/** The answers' schemas alone (for the kept letters, src/letters/letters.ts, which the service worker also runs). */
export const answersOf = async () => (await schemas())?.answers ?? null;

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

type Schemas = Awaited<ReturnType<typeof schemas>>;

/**
 * An answer parsed with its endpoint's schema, or the refusal it is (a 401 to a call that
 * sent the session means the server has ended it); without the schemas, no answer was read.
 */
function settle<K extends EndpointName>(
  name: K,
  status: number,
  body: unknown,
  token: string | null,
  retryAfter: string | null,
  parse: Schemas,
): ResponseOf<K> {
  if (status < 200 || status >= 300) {
    if (status === 401 && token && endpoints[name].auth !== 'none') sessionGone();
    throw new ApiError(status, parse?.errorOf(body) ?? null, retryAfter);
  }
  const parsed = parse?.answers[name].safeParse(body);
  if (!parsed?.success) throw new ApiError(0, null);
  return parsed.data as ResponseOf<K>;
}

/** Where a call goes: its path, with its parameters, and its query. */
function urlFor<K extends EndpointName>(name: K, options: Partial<CallOptions<K>> = {}): string {
  // A field left undefined is left out (JSON drops it), not sent as "undefined".
  const query = options.query
    ? `?${new URLSearchParams(JSON.parse(JSON.stringify(options.query)) as Record<string, string>)}`
    : '';
  return `${API_PREFIX}${pathOf(name, options.params as Record<string, string> | undefined)}${query}`;
}

/** Where a call goes, given what its endpoint needs (CallArgs: its path parameters and body). */
export const urlOf: <K extends EndpointName>(name: K, ...args: CallArgs<K>) => string = urlFor;

/** Calls an endpoint of the contract; the answer is parsed with the contract's schema. */
async function callWith<K extends EndpointName>(
  name: K,
  options: Partial<CallOptions<K>> = {},
): Promise<ResponseOf<K>> {
  const def = endpoints[name];
  const json = options.body !== undefined;
  const url = urlFor(name, options);
  // A read of the signed-in customer's own data is copied for this session, to show offline.
  const token = sessionToken();
  // Its module comes beside the answer, so that the copy is kept before the answer is shown:
  // a page left as soon as it shows its data keeps its copy too. (A module that cannot load
  // keeps no copy and fails no read.)
  const copies = token && isSessionRead(def) ? import('./copies.ts').catch(() => null) : undefined;
  // The schemas the answer is parsed with come beside it (at once, after the first call).
  const parsing = schemas();
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(url, {
      method: def.method,
      headers: headersFor(
        name,
        json ? { 'content-type': 'application/json', ...options.headers } : (options.headers ?? {}),
        token,
      ),
      ...(json ? { body: JSON.stringify(options.body) } : {}),
    });
    body = parseJson(await response.text());
  } catch {
    // No answer, or the connection dropped while it arrived; offline, the session's copy if any.
    const error = new ApiError(0, null);
    if (!copies || !error.offline) throw error;
    const [parse, shown] = await Promise.all([parsing, copies.then((c) => c?.shown(url, options.body))]);
    const kept = parse?.answers[name].safeParse(shown);
    if (!kept?.success) throw error;
    return kept.data as ResponseOf<K>;
  }
  // Offline, an answer can still come (the service worker's, of reference data): it is not a fresh read, and the copies keep their time.
  if (copies && response.ok && globalThis.navigator?.onLine !== false)
    (await copies)?.save(url, options.body, body, token);
  return settle(name, response.status, body, token, response.headers.get('retry-after'), await parsing);
}

/** Calls an endpoint with what it needs (CallArgs: `call('getDivisionById')` without its id does not compile). */
export const call: <K extends EndpointName>(name: K, ...args: CallArgs<K>) => Promise<ResponseOf<K>> = callWith;

/**
 * A multipart call through XMLHttpRequest, which reports upload progress (fetch does not).
 * `onProgress` receives whole percents.
 */
export function upload<K extends UploadName>(
  name: K,
  form: FormData,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
  params?: Accepts<K, 'params'>,
): Promise<ResponseOf<K>> {
  const def = endpoints[name];
  const parsing = schemas();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, `${API_PREFIX}${pathOf(name, params as Record<string, string> | undefined)}`);
    for (const [k, v] of Object.entries(headersFor(name, headers, sessionToken()))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () =>
      void parsing.then((parse) => {
        try {
          const retryAfter = xhr.getResponseHeader('retry-after');
          resolve(settle(name, xhr.status, parseJson(xhr.responseText), sessionToken(), retryAfter, parse));
        } catch (error) {
          reject(error as ApiError);
        }
      });
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}

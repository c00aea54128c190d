import type * as z from 'zod/mini';
import type { Messages } from '../../contract/common.ts';
import { ErrorBody } from '../../contract/common.ts';
import type { EndpointName, Endpoints } from '../../contract/endpoints.ts';
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
  constructor(status: number, body: unknown, retryAfter?: string | null) {
    const parsed = ErrorBody.safeParse(body);
    super(parsed.success ? parsed.data.Message_en : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.messages = parsed.success ? parsed.data : null;
    this.fields = parsed.success ? (parsed.data.fields ?? {}) : {};
    this.limits = parsed.success ? (parsed.data.limits ?? {}) : {};
    // No answer, and the browser knows it has no connection (not a server that did not answer).
    this.offline = status === 0 && globalThis.navigator?.onLine === false;
    // Seconds (the form the server sends); anything else is no answer, and the spec's wait holds.
    this.retryAfter = Number(retryAfter) || 0;
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

/** A call's path parameters, query and JSON body, each typed by the contract's request schema of `K`. */
export interface CallOptions<K extends EndpointName> {
  params?: Accepts<K, 'params'>;
  query?: Accepts<K, 'query'>;
  body?: Accepts<K, 'body'>;
  headers?: Record<string, string>;
}

/** The endpoints that take a multipart payload, and the names of its text fields and files. */
export type UploadName = { [K in EndpointName]: Requests[K] extends { multipart: object } ? K : never }[EndpointName];
export type Multipart<K extends UploadName> = Requests[K] extends {
  multipart: { fields: infer F extends z.ZodMiniType; files: infer Files };
}
  ? { fields: z.input<F>; files: keyof Files }
  : never;

export type ResponseOf<K extends EndpointName> = z.infer<Endpoints[K]['response']>;

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** A refusal; a 401 to a call that sent the session means the server has ended it. */
function refused(
  def: { auth: string },
  status: number,
  body: unknown,
  token: string | null,
  retryAfter: string | null,
): ApiError {
  if (status === 401 && token && def.auth !== 'none') sessionGone();
  return new ApiError(status, body, retryAfter);
}

/** Where a call goes: its path, with its parameters, and its query. */
export function urlOf<K extends EndpointName>(name: K, options: CallOptions<K> = {}): string {
  // A field left undefined is left out (JSON drops it), not sent as "undefined".
  const query = options.query
    ? `?${new URLSearchParams(JSON.parse(JSON.stringify(options.query)) as Record<string, string>)}`
    : '';
  return `${API_PREFIX}${pathOf(name, options.params as Record<string, string> | undefined)}${query}`;
}

/** Calls an endpoint of the contract; the answer is parsed with the contract's schema. */
export async function call<K extends EndpointName>(name: K, options: CallOptions<K> = {}): Promise<ResponseOf<K>> {
  const def = endpoints[name];
  const json = options.body !== undefined;
  const url = urlOf(name, options);
  // A read of the signed-in customer's own data is copied for this session, to show offline.
  const token = sessionToken();
  const copy = token && isSessionRead(def);
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
    const kept =
      copy && error.offline
        ? def.response.safeParse(await import('./copies.ts').then((c) => c.shown(url, options.body)))
        : null;
    if (!kept?.success) throw error;
    return kept.data as ResponseOf<K>;
  }
  // Offline, an answer can still come (the service worker's, of reference data): it is not a fresh read, and the copies keep their time.
  if (copy && response.ok && globalThis.navigator?.onLine !== false)
    void import('./copies.ts').then((c) => c.save(url, options.body, body, token));
  if (!response.ok) throw refused(def, response.status, body, token, response.headers.get('retry-after'));
  const parsed = def.response.safeParse(body);
  if (!parsed.success) throw new ApiError(0, null);
  return parsed.data as ResponseOf<K>;
}

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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, `${API_PREFIX}${pathOf(name, params as Record<string, string> | undefined)}`);
    for (const [k, v] of Object.entries(headersFor(name, headers, sessionToken()))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = def.response.safeParse(body);
        if (parsed.success) resolve(parsed.data as ResponseOf<K>);
        else reject(new ApiError(0, null));
      } else reject(refused(def, xhr.status, body, sessionToken(), xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.send(form);
  });
}

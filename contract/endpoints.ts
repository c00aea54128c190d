import { API_PREFIX } from './define.ts';
import { casesEndpoints } from './cases/endpoints.ts';
import { customersEndpoints } from './customers/endpoints.ts';
import { feedbackEndpoints } from './feedback/endpoints.ts';
import { referenceEndpoints } from './reference/endpoints.ts';

export type { Auth, EndpointDef } from './define.ts';
export { API_PREFIX, isSessionRead } from './define.ts';

/** Every endpoint of the API (spec section 7), by domain: contract/endpoints/<domain>.ts. */
export const endpoints = { ...referenceEndpoints, ...customersEndpoints, ...casesEndpoints, ...feedbackEndpoints };

export type EndpointName = keyof typeof endpoints;
export type Endpoints = typeof endpoints;

/** The path with its parameters filled in, for clients: `pathOf('getDivisionById', { id })`. */
export function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  return endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} of ${name}`);
    return encodeURIComponent(value);
  });
}

/**
 * What operators, load balancers and gateways call; not the SPA's. Liveness and readiness
 * answer JSON; metrics the Prometheus text format, to the bearer of METRICS_TOKEN only; the
 * USSD gateway's callback (issue 56) a form, answered in plain text, to the holder of
 * USSD_SECRET only.
 */
export const OPERATOR_PATHS = {
  live: `${API_PREFIX}/health/live`,
  ready: `${API_PREFIX}/health/ready`,
  metrics: '/metrics',
  ussd: `${API_PREFIX}/ussd`,
} as const;

/** The header the USSD gateway proves itself with: USSD_SECRET. */
export const USSD_SECRET_HEADER = 'x-ussd-secret';

/**
 * The header of `createCase` (and `createAccusation`) that makes a retry safe: the same key
 * from the same customer answers what the first try created instead of a second one.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;
/** A new key: 128 random bits as hex (crypto.getRandomValues works on plain http too, randomUUID does not). */
export const newIdempotencyKey = (): string =>
  [...globalThis.crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The optional proof of ownership of a printed case: the phone number on file. */
export const CASE_PHONE_HEADER = 'x-case-phone';

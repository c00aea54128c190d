import type { EndpointName } from '../../contract/endpoints.ts';
import { endpoints } from '../../contract/endpoints.ts';

/** The per-endpoint API-key values the build was given (VITE_API_KEYS, JSON); not a secret (ADR 0002). */
const apiKeys: Record<string, string> = (() => {
  try {
    return JSON.parse(import.meta.env.VITE_API_KEYS ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
})();

/**
 * An endpoint's headers: its API key, and the token where it needs one. Used by the pages
 * (src/api/client.ts) and by the service worker's kept letters (src/letters), which has no
 * sessionStorage: the token is given.
 */
export function headersFor(
  name: EndpointName,
  extra: Record<string, string>,
  token: string | null,
): Record<string, string> {
  const def = endpoints[name];
  const headers: Record<string, string> = { ...extra };
  const key = apiKeys[def.apiKeyHeader];
  if (key) headers[def.apiKeyHeader] = key;
  if (token && def.auth !== 'none') headers.authorization = `Bearer ${token}`;
  return headers;
}

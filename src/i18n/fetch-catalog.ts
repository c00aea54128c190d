import { CATALOG_FETCH_TRIES } from '../../contract/limits.ts';

/** A built catalog (parsed ICU messages, JSON). Tries again after a network failure. */
export async function fetchCatalog(url: string): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (response.ok) return (await response.json()) as Record<string, unknown>;
      throw new Error(`catalog ${url}: HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= CATALOG_FETCH_TRIES) throw error;
    }
  }
}

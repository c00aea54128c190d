import type { EndpointName } from '../../contract/endpoints.ts';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { DOWNLOAD_URL_KEEP_MS } from '../../contract/limits.ts';
import { ApiError, parseJson, schemas, sessionToken } from './client.ts';
import { headersFor } from './headers.ts';
/**
 * Downloads a file the API answers (the customer's data archive) and hands it to the browser
 * as a download under the name the server gave. Failures throw as `call`'s do.
 */
export async function download<K extends EndpointName>(
  name: K,
  options: { params?: Record<string, string> } = {},
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${pathOf(name, options.params)}`, {
      headers: headersFor(name, {}, sessionToken()),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body = parseJson(await response.text());
    throw new ApiError(response.status, (await schemas())?.errorOf(body) ?? null);
  }
  const file = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: file });
  document.body.append(link);
  link.click();
  link.remove();
  // Once the browser has read the file, the page lets go of its copy.
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_KEEP_MS);
}

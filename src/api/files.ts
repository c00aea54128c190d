import { FILE_LINK_PARAM, isPublicMedia } from '../../contract/paths.ts';
import { sessionToken } from './client.ts';

/**
 * Whether a served file's address opens as it is: the public manual, a link the server gave
 * out (`?k=…`, minutes long), or a file of this page's own memory (`blob:`). Any other file
 * under /Media is personal and answers only its owner's session (issue 48).
 */
export const opensAsItIs = (address: string): boolean =>
  address.startsWith('blob:') ||
  isPublicMedia(address) ||
  new URLSearchParams(address.split('?')[1] ?? '').has(FILE_LINK_PARAM);

/** A personal file's bytes, fetched with the session's token (the server sends it to its owner only). */
export async function fetchFile(address: string): Promise<Blob> {
  const token = sessionToken();
  const response = await fetch(address, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/**
 * Saves a served file under a name of the page's choosing (the print's HDAB-….pdf, issue 51):
 * the server names a file by its stored name, which a link's `download` cannot override, so the
 * bytes are fetched and saved from this page's memory. Where that fails the file opens as it is.
 */
export async function saveFileAs(address: string, name: string): Promise<void> {
  let blob: Blob;
  try {
    blob = await fetchFile(address);
  } catch {
    window.location.assign(address);
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its bytes once it started; the address is dropped soon after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

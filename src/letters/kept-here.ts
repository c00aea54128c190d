/** The kept letters' database (src/letters/letters.ts). */
export const LETTERS_DB = 'portal-outbox';

/**
 * Whether letters may wait on this device: not where none was ever kept (the browser has no
 * database of them), so that a first visit does not load the letters' code to send nothing;
 * where the browser cannot tell, yes.
 */
export async function lettersMayWait(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (!('databases' in indexedDB)) return true;
  return (await indexedDB.databases()).some((d) => d.name === LETTERS_DB);
}

/**
 * What the browser storage the app touches while rendering gives a first-time visitor on
 * the server (the build's pre-rendering, the server's landing page): nothing saved. Imported
 * first by src/prerender.tsx, so that it is in place before any module of the app runs.
 */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}
if (typeof window === 'undefined')
  Object.assign(globalThis, { sessionStorage: new MemoryStorage(), localStorage: new MemoryStorage() });

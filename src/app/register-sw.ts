import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (src/sw.ts) once the page has loaded; a new version waits
 * until the person chooses to reload: `onUpdate` gets the function that does it
 * (ConnectionStatus in src/app/app.tsx offers it). Loaded by src/main.tsx in the production build only;
 * it imports nothing of the app, so that it shares no module with the first script.
 */
export function register(onUpdate: (reload: () => void) => void): void {
  const reload = registerSW({ onNeedRefresh: () => onUpdate(() => void reload(true)) });
}

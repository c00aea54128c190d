import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (src/sw.ts) once the page has loaded; a new version waits
 * until the person chooses to reload: `onUpdate` gets the function that does it
 * (ConnectionStatus in src/app/app.tsx offers it). Loaded by src/main.tsx in the production
 * build only; it imports nothing of the app, so that it shares no module with the first
 * script.
 *
 * The page reloads once the new version has taken over. vite-plugin-pwa reloads only a page
 * that was already controlled when it registered: on a first visit the choice would
 * otherwise do nothing to be seen.
 */
export function register(onUpdate: (reload: () => void) => void): void {
  const update = registerSW({
    onNeedReload: () => undefined,
    onNeedRefresh: () =>
      onUpdate(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        void update(true);
      }),
  });
}

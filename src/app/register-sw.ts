import { pwaInfo } from 'virtual:pwa-info';
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
  // The web app manifest is linked now, not in the page: Chrome fetches it and an icon as
  // soon as it sees the link, and on a slow phone that competed with the first paint
  // (Lighthouse's LCP: 1.21 s with the link in the page, 1.06 s without). vite.config.ts
  // takes it out of the pages.
  if (pwaInfo && !document.querySelector('link[rel="manifest"]'))
    document.head.insertAdjacentHTML('beforeend', pwaInfo.webManifest.linkTag);
  const update = registerSW({
    onNeedReload: () => undefined,
    onNeedRefresh: () =>
      onUpdate(() => {
        navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
        void update(true);
      }),
  });
}

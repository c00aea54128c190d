import { minifySync } from 'rolldown/experimental';
import { BOOT_WAIT_MS } from './budgets.ts';

/** The page's fonts in and its first paint done, or BOOT_WAIT_MS gone by. */
const PAINTED_OR_LATE = `Promise.race([Promise.all([document.fonts.ready, painted]), new Promise((done) => setTimeout(done, ${BOOT_WAIT_MS}))])`;

/**
 * The boot module of the pre-rendered pages, written inside each page by scripts/build.ts
 * (the pages' CSP allows it by its hash, server/plugins/headers.ts: a file of its own would be
 * one more request before the first paint, issue 35). The pre-rendered pages paint before
 * their scripts are even asked for: this small module waits until the page's fonts are in and its first
 * contentful paint has happened (BOOT_WAIT_MS at most: a tab opened in the background does
 * not paint), then asks for the entry, the screen's chunks and the Amharic catalog together
 * (the catalog too: the paint does not need it, and Lighthouse's simulation counted it into
 * the largest paint in some runs). On a slow line
 * the first paint no longer shares the bandwidth with 100 KB of script; until the scripts
 * run, the page's forms take typing but cannot be sent (src/ui/use-hydrated.ts). A device with its own
 * Ethiopic font has no font to wait for.
 * The first use of Intl starts ICU (react-intl asks whether the language is supported): 25 ms
 * on a fast machine, four times that on a slow phone, in one task in which a tap waits. A
 * page whose text still waits for its font after the first frame (a device without an
 * Ethiopic font) has that time to spare: the boot module starts ICU then, not after the paint.
 */
const readable = (hiddenElsewhere: boolean) => `const tag = document.querySelector('script[data-entry]');
const painted = new Promise((done) => {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    done();
  }).observe({ type: 'paint', buffered: true });
});
const start = () => {
  const catalog = document.createElement('link');
  catalog.rel = 'preload';
  catalog.as = 'fetch';
  catalog.crossOrigin = '';
  catalog.href = tag.dataset.catalog;
  document.head.append(catalog);
  for (const href of tag.dataset.modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The entry's own imports run first, each in a task of its own, then the entry: a slow
  // phone never runs all of them in one long task.
  return tag.dataset.first
    .split(' ')
    .filter(Boolean)
    .reduce((done, href) => done.then(() => import(href)).then(() => new Promise((next) => setTimeout(next))), Promise.resolve())
    .then(() => import(tag.dataset.entry));
};
requestAnimationFrame(() =>
  setTimeout(() => {
    if (document.fonts.status !== 'loading') return;
    for (const format of [Intl.NumberFormat, Intl.DateTimeFormat]) format.supportedLocalesOf(document.documentElement.lang);
  }),
);
${
  hiddenElsewhere
    ? `// A page emptied before its paint (ADR 0042: the login sent at a dashboard's link, to a tab with a session) has none to wait for.
(document.getElementById('root').firstChild ? ${PAINTED_OR_LATE} : Promise.resolve()).then(start);`
    : `${PAINTED_OR_LATE}.then(start);`
}
`;

/**
 * Minified like the build's own scripts (a few hundred bytes count inside the landing page's
 * budget). `hiddenElsewhere`: the page is also sent at other addresses, where the scripts the
 * build writes around its content may empty it (ADR 0042); only there does the boot look for that.
 */
export const bootSource = (hiddenElsewhere: boolean): string =>
  minifySync('boot.js', readable(hiddenElsewhere), { module: true }).code;

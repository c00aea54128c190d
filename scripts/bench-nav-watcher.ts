// What `npm run bench:nav` (scripts/bench-nav.ts) installs in every page it measures: run in the
// browser, so it imports nothing.

/**
 * Installed in every document before its scripts: each check is tried at every change of the
 * page, and the first time it holds is written down (performance.now(), from the start of
 * the page's navigation). `__go(name)` starts an in-app navigation (a click or a submit, as
 * a person would) with the marks forgotten, and answers when it started.
 */
export function watcher({
  apply,
  caseStatus,
  casePage,
  profile,
}: {
  apply: string;
  caseStatus: string;
  casePage: string;
  profile: string;
}): void {
  type Win = typeof window & { __marks: Record<string, number>; __go: (name: string) => number };
  const w = window as Win;
  w.__marks = {};
  const main = () => document.querySelector('main');
  const go: Record<string, () => void> = {
    division: () =>
      document.querySelector<HTMLAnchorElement>('section[aria-labelledby="services-title"] ul a')?.click(),
    dashboard: () => document.querySelector<HTMLFormElement>('main form')?.requestSubmit(),
    caseList: () => document.querySelector<HTMLAnchorElement>(`nav a[href="${caseStatus}"]`)?.click(),
    casePage: () => document.querySelector<HTMLAnchorElement>('main table tbody a')?.click(),
    apply: () => document.querySelector<HTMLAnchorElement>(`nav a[href="${apply}"]`)?.click(),
    linkedCase: () => document.querySelector<HTMLFormElement>('main form')?.requestSubmit(),
    print: () => document.querySelector<HTMLAnchorElement>('main a[href^="/print/"]')?.click(),
    profile: () => document.querySelector<HTMLAnchorElement>(`nav a[href="${profile}"]`)?.click(),
  };
  w.__go = (name) => {
    w.__marks = {};
    const started = performance.now();
    go[name]?.();
    return started;
  };
  const checks: Record<string, () => boolean> = {
    services: () =>
      Boolean(document.querySelector('section[aria-labelledby="services-title"] ul:not([aria-hidden]) a')),
    // Loaded: the division's name and its directorates' heading.
    division: () =>
      Boolean(
        location.pathname.startsWith('/division/') &&
        !document.getElementById('banner-title') &&
        main()?.querySelector('h1') &&
        main()?.querySelector('h2'),
      ),
    login: () => {
      const email = document.querySelector<HTMLInputElement>('main input[type="email"]');
      return Boolean(email && !email.readOnly && !email.disabled);
    },
    dashboard: () =>
      [...document.querySelectorAll('main li')].filter((li) => /^\d/.test(li.firstElementChild?.textContent ?? ''))
        .length >= 5,
    caseList: () => location.pathname === caseStatus && Boolean(main()?.querySelector('table tbody a')),
    // Read whole: the history shows once the case, its type and its history are read.
    casePage: () => location.pathname.startsWith(casePage) && Boolean(main()?.querySelector('ol')),
    apply: () => {
      const combo = main()?.querySelector<HTMLButtonElement>('[role="combobox"]');
      return Boolean(
        location.pathname === apply && combo && !combo.disabled && !main()?.querySelector('[aria-busy="true"]'),
      );
    },
    linkedCase: () => location.pathname.startsWith(casePage) && Boolean(main()?.querySelector('ol')),
    // Readable: the print's summary of the case (its number and status), the PDF behind it.
    print: () => location.pathname.startsWith('/print/') && Boolean(main()?.querySelector('section h2')),
    profile: () => location.pathname === profile && Boolean(main()?.querySelector('dl dd')),
    // The landing page's word on the link, with its Log in (ADR 0034).
    linkedNotice: () => Boolean(document.querySelector('[data-testid="linked-notice"] a')),
    // The language selector is disabled until the page's script has taken over (src/app/layout.tsx).
    hydrated: () => document.querySelector<HTMLSelectElement>('header select')?.disabled === false,
    loadingShown: () => Boolean(document.querySelector('[data-loading="screen"]')),
  };
  const look = () => {
    for (const [name, holds] of Object.entries(checks))
      if (!(name in w.__marks) && holds()) w.__marks[name] = performance.now();
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
}

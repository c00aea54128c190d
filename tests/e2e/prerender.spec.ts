import { expect, test } from '@playwright/test';
import { pathOf } from '../../contract/endpoints.ts';
import { base, holdScripts, hydrated } from './journeys.ts';

test('the pre-rendered login page shows before any script and takes typing at once; nothing is sent before the script, and what was typed is kept', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') sent.push(r.url());
  });
  const release = await holdScripts(page);
  await page.goto(`${base()}/login`, { waitUntil: 'commit' });
  // The whole form is there in Amharic, from the server, while the script is held: a slow
  // phone's user can type their address and password at once (issue 54).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ይግቡ');
  await expect(page).toHaveTitle(/^ይግቡ — /);
  await expect(page.locator('#email')).toBeEditable();
  await page.locator('#email').fill('nobody-prerender@example.et');
  await page.locator('#password').fill('wrong-password');
  // Sending waits for the app: the button is disabled, and Enter sends nothing either.
  const submit = page.locator('form button[type="submit"]');
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('combobox').first()).toBeDisabled();
  await page.locator('#password').press('Enter');
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(new URL(page.url()).search).toBe('');
  expect(sent).toEqual([]);
  release();
  await hydrated(page, '#email');
  await expect(submit).toBeEnabled();
  // What was typed before the script is still there, and is what the machine sends.
  await expect(page.locator('#email')).toHaveValue('nobody-prerender@example.et');
  await expect(page.locator('#password')).toHaveValue('wrong-password');
  const answer = page.waitForResponse((r) => r.url().includes('login_customer_user'));
  await submit.click();
  expect(JSON.parse((await answer).request().postData() ?? '{}')).toMatchObject({
    email: 'nobody-prerender@example.et',
    password: 'wrong-password',
  });
  // Typing on after the app took over goes on from what is there.
  await page.locator('#email').press('End');
  await page.locator('#email').press('Backspace');
  await expect(page.locator('#email')).toHaveValue('nobody-prerender@example.e');
  expect(errors).toEqual([]);
});

test('English saved: the Amharic pre-rendered login is rendered afresh in English, and what was typed before its script is kept', async ({
  page,
}) => {
  await page.goto(`${base()}/login`);
  await hydrated(page, '#email');
  await page.evaluate(() => localStorage.setItem('lan', 'En'));
  // Once the page has a password field, is there a moment between tasks (when a key could
  // land) without one? A mutation's observer runs as soon as the task that made it is done.
  await page.addInitScript(() => {
    const w = window as unknown as { fieldGone: number };
    let seen = false;
    w.fieldGone = 0;
    new MutationObserver(() => {
      if (document.querySelector('#password')) seen = true;
      else if (seen) w.fieldGone++;
    }).observe(document, { childList: true, subtree: true });
  });
  const release = await holdScripts(page);
  await page.goto(`${base()}/login`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ይግቡ');
  await page.locator('#email').fill('typed-first@example.et');
  await page.locator('#password').fill('typed-passwor');
  release();
  // The app's own page, in English: not the pre-rendered one hydrated.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login');
  await expect(page.locator('#email')).toHaveValue('typed-first@example.et');
  await expect(page.locator('#password')).toHaveValue('typed-passwor');
  // The app's fields took the page's place in the same task: no key typed meanwhile was lost.
  expect(await page.evaluate(() => (window as unknown as { fieldGone: number }).fieldGone)).toBe(0);
  // The field being typed in has the focus again: the next key goes on into it.
  await expect(page.locator('#password')).toBeFocused();
  await page.keyboard.type('d');
  await expect(page.locator('#password')).toHaveValue('typed-password');
  const answer = page.waitForResponse((r) => r.url().includes('login_customer_user'));
  await page.locator('form button[type="submit"]').click();
  expect(JSON.parse((await answer).request().postData() ?? '{}')).toMatchObject({
    email: 'typed-first@example.et',
    password: 'typed-password',
  });
});

test('the pre-rendered status lookup keeps a case number typed before its script and looks it up', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(`${base()}/checkstatus`, { waitUntil: 'commit' });
  await page.locator('#caseNumber').fill('HDAB-2019-999999');
  release();
  await hydrated(page, '#caseNumber');
  const submit = page.locator('form button[type="submit"]');
  await expect(submit).toBeEnabled();
  await expect(page.locator('#caseNumber')).toHaveValue('HDAB-2019-999999');
  const answer = page.waitForResponse((r) => r.url().includes('get_case_by_casenum'));
  await submit.click();
  expect(JSON.parse((await answer).request().postData() ?? '{}')).toMatchObject({ casenum: 'HDAB-2019-999999' });
});

test('the landing page is sent rendered with its services, and hydrated without a mismatch or a fetch', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const divisionCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(pathOf('getAllDivisions'))) divisionCalls.push(r.url());
  });
  const release = await holdScripts(page);
  await page.goto(`${base()}/`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('የቤት ጉዳይዎን ካሉበት ሆነው ይከታተሉ');
  // The services are in the page the server sent, before any script: no loading state.
  const services = page.locator('main a[href^="/division/"]');
  await expect(services.first()).toBeVisible();
  const before = await services.allTextContents();
  expect(before.length).toBeGreaterThan(0);
  await expect(page.locator('main [role="status"]')).toHaveCount(0);
  // Measured once the web fonts are in: a font that arrives later changes the box by itself (a slow machine saw 80 -> 88 px).
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const firstBox = await services.first().boundingBox();
  release();
  await hydrated(page, 'main a[href^="/division/"]');
  // The script took over the same grid: same services, same place, no call for them.
  expect(await services.allTextContents()).toEqual(before);
  expect(await services.first().boundingBox()).toEqual(firstBox);
  expect(divisionCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('a catalog request that fails is asked for again; a language whose catalog never comes falls back to Amharic', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The Amharic catalog fails once (a dropped connection), then arrives.
  let amTries = 0;
  await page.route(/\/assets\/am-[\w-]{8}\.json$/, (route) =>
    ++amTries === 1 ? route.abort('connectionreset') : route.continue(),
  );
  await page.goto(`${base()}/`);
  await hydrated(page, 'main h1');
  await expect(page.locator('main a[href^="/division/"]').first()).toBeVisible();
  expect(amTries).toBe(2);

  // English saved, but its catalog never arrives: the page is in Amharic, not in message ids.
  await page.evaluate(() => localStorage.setItem('lan', 'En'));
  let enTries = 0;
  await page.route(/\/assets\/en-[\w-]{8}\.json$/, (route) => {
    enTries++;
    return route.abort('connectionreset');
  });
  await page.goto(`${base()}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ይግቡ');
  await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  await hydrated(page, '#email');
  expect(enTries).toBe(3);
  expect(errors).toEqual([]);
});

test('a pre-rendered page paints before it asks for its scripts and its catalog', async ({ page }) => {
  const entry = /\/assets\/index-[\w-]+\.js$/;
  const catalog = /\/assets\/am-[\w-]{8}\.json$/;
  await page.goto(`${base()}/login`);
  await page.waitForFunction(
    (sources) =>
      sources.every((source) => performance.getEntriesByType('resource').some((e) => new RegExp(source).test(e.name))),
    [entry.source, catalog.source],
  );
  const { fcp, started } = await page.evaluate(
    (sources) => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      started: sources.map((source) =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new RegExp(source).test(e.name))
          .map((e) => e.startTime),
      ),
    }),
    [entry.source, catalog.source],
  );
  // Each asked for once, after the paint: nothing the paint does not need is before it.
  for (const times of started) {
    expect(times).toHaveLength(1);
    expect(times[0]).toBeGreaterThanOrEqual(fcp);
  }
  // And they do come: the app takes over the form.
  await expect(page.locator('form button[type="submit"]')).toBeEnabled();
});

test('a pre-rendered page carries its styles: none of its style sheets is fetched, before or after hydration', async ({
  page,
}) => {
  for (const route of ['/', '/login', '/checkstatus']) {
    const sheets: string[] = [];
    const listen = (request: { url: () => string; resourceType: () => string }) => {
      if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css'))
        sheets.push(new URL(request.url()).pathname);
    };
    page.on('request', listen);
    await page.goto(`${base()}${route}`);
    await hydrated(page, 'main h1');
    await page.waitForLoadState('networkidle');
    page.off('request', listen);
    // The page's own sheets are inline (and named, disabled); the next screens' sheets come
    // with their code, fetched ahead.
    const own = await page
      .locator('link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(own.length, route).toBeGreaterThan(0);
    expect(
      sheets.filter((s) => own.includes(s)),
      route,
    ).toEqual([]);
  }
});

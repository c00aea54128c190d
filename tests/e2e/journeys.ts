import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { AnyStateMachine, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { API_PREFIX, pathOf } from '../../contract/endpoints.ts';
import { dashboardPaths, inDashboard, paths } from '../../contract/paths.ts';
import type { Language } from './audit.ts';
import type { Seeded, Stack } from './global-setup.ts';

/** This worker's stack (tests/e2e/global-setup.ts): its server, seeded data, mailbox and SMSC. */
export const stack = (): Stack => {
  const raw = process.env.E2E_STACKS;
  if (!raw) throw new Error('E2E_STACKS is not set: the global setup did not run');
  const stacks = JSON.parse(raw) as Stack[];
  const own = stacks[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
  if (!own) throw new Error(`no stack for worker ${process.env.TEST_PARALLEL_INDEX ?? 0} of ${stacks.length}`);
  return own;
};

/** The stack whose server keeps its files in an S3 bucket (issue 55): one for the run, whichever the worker. */
export const bucketStack = (): Stack => {
  const found = (JSON.parse(process.env.E2E_STACKS ?? '[]') as Stack[]).find((s) => s.bucket);
  if (!found) throw new Error('E2E_STACKS holds no stack with a bucket: the global setup did not run');
  return found;
};

/** The seeded data the global setup looked up for this worker's server. */
export const seeded = (): Seeded => stack().seeded;

/** The customer whose every free text is at its limit with no space, and their pending case (issue 23). */
export const seededLong = (): Seeded => stack().seededLong;

export const base = (): string => stack().baseUrl;

/**
 * The events of the shortest path through a machine to a state: the journey a browser test
 * then plays, one page action per event. The path comes from the machine, not from the test.
 */
export function pathTo(
  machine: AnyStateMachine,
  target: string,
  options: {
    events: (s: { value: unknown; context: never }) => EventObject[];
    input?: unknown;
    serialize?: (s: { value: unknown; context: never }) => string;
  },
): EventObject[] {
  const model = new TestModel(machine, {
    events: options.events as never,
    ...(options.input !== undefined ? { input: options.input } : {}),
    serializeState: (options.serialize ?? ((s: { value: unknown }) => JSON.stringify(s.value))) as never,
  });
  const paths = model.getShortestPaths({ toState: (s: { matches(v: string): boolean }) => s.matches(target) } as never);
  const path = paths[0];
  if (!path) throw new Error(`no path to ${target}`);
  return path.steps.map((s) => s.event as EventObject).filter((e) => e.type !== 'xstate.init');
}

/** Plays a path: each event type has its page action; unknown events fail the test. */
export async function play(
  events: EventObject[],
  actions: Record<string, (e: EventObject) => Promise<void>>,
): Promise<string[]> {
  const played: string[] = [];
  for (const event of events) {
    const act = actions[event.type];
    if (!act) throw new Error(`no page action for ${event.type}`);
    await act(event);
    played.push(event.type);
  }
  return played;
}

export function mailsTo(email: string): { to: string; subject: string; text: string }[] {
  return (JSON.parse(readFileSync(stack().mailbox, 'utf8')) as { to: string; subject: string; text: string }[]).filter(
    (m) => m.to === email,
  );
}

/** The SMS the worker's real SMSC received for an international number (2519…), joined as a phone joins their parts. */
export function smsTo(msisdn: string): { to: string; text: string }[] {
  return (JSON.parse(readFileSync(stack().smsbox, 'utf8')) as { to: string; text: string }[]).filter(
    (m) => m.to === msisdn,
  );
}

/**
 * A new verified customer, registered through the API as the registration page would (its
 * journeys are tested apart): what to log in with, and the phone number given.
 */
export async function registerCustomer(
  language: 'En' | 'Am' = 'En',
  details: Record<string, string> = {},
): Promise<{ email: string; password: string; phone: string }> {
  const customer = await registerUnverified(language, details);
  const otp = await otpFor(customer.email);
  const ok = await fetch(`${base()}${API_PREFIX}${pathOf('validateCustomerOtp')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: customer.email, otp, password: customer.password }),
  });
  expect(ok.status).toBe(200);
  return customer;
}

/** A new customer registered through the API whose email is not verified yet (its code is in the mailbox). */
export async function registerUnverified(
  language: 'En' | 'Am' = 'En',
  details: Record<string, string> = {},
): Promise<{ email: string; password: string; phone: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `e2e-${stamp}@example.et`;
  const phone = `09${stamp.slice(-8)}`;
  const password = 'a-long-enough-password';
  const form = new FormData();
  const fields = {
    firstname: 'Almaz',
    middlename: 'Bekele',
    lastname: 'Gebre',
    email,
    password,
    subcity: 'Kirkos',
    woreda: '05',
    house_number: '12',
  };
  for (const [k, v] of Object.entries({
    ...fields,
    phone,
    house_phone_number: '0115150000',
    gender: 'Female',
    preferred_language: language,
    ...details,
  }))
    form.append(k, v);
  const api = (name: Parameters<typeof pathOf>[0]) => `${base()}${API_PREFIX}${pathOf(name)}`;
  const reg = await fetch(api('createCustomerUser'), { method: 'POST', body: form });
  expect(reg.status).toBe(201);
  return { email, password, phone };
}

/** A catalog text of the language, or a text no page shows (so that a missing key fails the test that looks for it). */
export const sayIn =
  (language: Language) =>
  (key: string): string =>
    language.catalog[key] ?? `(no message ${key})`;

/** Follows a link of the dashboard's menu: the sidebar's, or on a phone the drawer's, opened first. */
export async function openDashboardLink(page: Page, language: Language, key: string): Promise<void> {
  const say = sayIn(language);
  const menu = page.getByRole('button', { name: say('nav.menu') });
  const link = page.getByRole('link', { name: say(key), exact: true }).filter({ visible: true });
  // The dashboard drawn first (a slow first visit drew it after a check that looked too early).
  await link.or(menu).first().waitFor();
  if (await menu.isVisible()) await menu.click();
  await link.click();
}

/**
 * A new customer (registered through the API) logged in through the login page in their
 * language, then on their profile page, reached from the dashboard's menu: in the page, not
 * a new load, so that nothing the dashboard fetches ahead is cut short.
 */
export async function onOwnProfile(
  page: Page,
  language: Language,
  details: Record<string, string> = {},
): Promise<{ email: string; password: string; phone: string }> {
  const customer = await registerCustomer(language.lan, details);
  await page.addInitScript((lan) => localStorage.setItem('lan', lan), language.lan);
  await logInIn(page, language, customer);
  await openDashboardLink(page, language, 'dashboard.profile');
  await page.waitForURL(`**${inDashboard(dashboardPaths.profile)}`);
  return customer;
}

/** Logs in through the login page, in the language the page is in. */
export async function logInIn(
  page: Page,
  language: Language,
  customer: { email: string; password: string },
): Promise<void> {
  await page.goto(`${base()}${paths.login}`);
  await sendLogin(page, language, customer);
  await page.waitForURL(`**${paths.dashboard}`);
}

/** Fills the login page that is open and sends it. */
export async function sendLogin(
  page: Page,
  language: Language,
  customer: { email: string; password: string },
): Promise<void> {
  const say = sayIn(language);
  await page.getByLabel(say('field.email')).fill(customer.email);
  await page.getByLabel(say('field.password'), { exact: true }).fill(customer.password);
  await page
    .locator('form')
    .getByRole('button', { name: say('login.submit') })
    .click();
}

/** Presses Logout in the dashboard's menu (on a phone, the drawer's, opened first). */
export async function pressLogout(page: Page, language: Language): Promise<void> {
  const say = sayIn(language);
  const menu = page.getByRole('button', { name: say('nav.menu') });
  if (await menu.isVisible()) await menu.click();
  await page
    .getByRole('button', { name: say('dashboard.logout') })
    .filter({ visible: true })
    .click();
}

/** The OTP from the real SMTP server's mailbox, once it has arrived. */
export async function otpFor(email: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => (code = /(\d{6})/.exec(mailsTo(email).at(-1)?.text ?? '')?.[1] ?? ''), { timeout: 15_000 })
    .not.toBe('');
  return code;
}

/** The page is controlled by the portal's worker (src/sw.ts), which has cached what it installs with. */
export async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // Then it claims the page: awaited as the event it is, with no clock (a test may have
    // installed a fake one) and no bound of its own (on a busy machine the claim came after
    // the 5 s a poll gave it).
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

export async function useEnglish(page: Page): Promise<void> {
  await page.goto(`${base()}/`);
  await page.evaluate(() => localStorage.setItem('lan', 'En'));
}

/**
 * For every test of the file that calls it: its pages open in English, and an error in the
 * browser's console (a 4xx answer's own line aside) or an uncaught one fails it. Answers the
 * errors seen so far, for a test that provokes one to look at and clear.
 */
export function inEnglishWithoutConsoleErrors(): string[] {
  const errors: string[] = [];
  test.beforeEach(async ({ page }) => {
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
    });
    await useEnglish(page);
  });
  test.afterEach(() => expect(errors, 'errors in the browser console').toEqual([]));
  return errors;
}

export { DEMO } from '../../server/seed/seed.ts';
import { DEMO } from '../../server/seed/seed.ts';

export async function logIn(page: Page, email = DEMO.email, password = DEMO.password): Promise<void> {
  await page.goto(`${base()}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

/** Chooses the seeded maintenance request of the rental division and answers its questions (the apply form). */
export async function chooseMaintenanceRequest(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: /^Division/ }).click();
  await page.getByRole('option', { name: 'Government Rental Housing Administration' }).click();
  await page.getByRole('combobox', { name: /^Case request/ }).click();
  await page.getByRole('option', { name: 'Rental house maintenance request' }).click();
  await page.getByLabel(/^House number/).fill('12');
  await page.getByRole('combobox', { name: /^Kind of problem/ }).click();
  await page.getByRole('option', { name: 'Water supply' }).click();
  await page.getByLabel(/^Describe the problem/).fill('No water since Monday.');
}

/** Holds back the SPA's entry script until `release()`: a phone still downloading it. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** True once React has hydrated the element (it keeps its props on the node). */
export const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => {
    const node = document.querySelector(s);
    return Boolean(node && Object.keys(node).some((k) => k.startsWith('__reactProps')));
  }, selector);

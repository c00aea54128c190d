import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethiopianYear } from '../../contract/dates.ts';
import { seedDemo } from '../../server/seed/seed.ts';
import type { TestApp } from '../support/api.ts';
import { startApp, uniquePhone } from '../support/api.ts';
import type { PhoneScreen } from '../support/ussd-gateway.ts';
import { TEST_USSD_SECRET, gatewayTo } from '../support/ussd-gateway.ts';

const README = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
/** Where an entry's screen goes on in the README's session: the column the screens start at. */
const SCREEN_COLUMN = 14;
const END = '   (END)';

/**
 * The README's USSD session (issue 56): each entry as typed (the first is the code dialled) and
 * the screen it brings, as the README writes them. Its year is the Ethiopian year it was
 * written in, and its day the day the demo's case last moved: both are today's here.
 */
function readmeSession(): { entry: string; screen: PhoneScreen }[] {
  const section = README.slice(README.indexOf('#### A USSD menu for every phone'));
  const block = /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const session: { entry: string; screen: PhoneScreen }[] = [];
  for (const line of block.trimEnd().split('\n')) {
    const entry = line.slice(0, SCREEN_COLUMN).trim();
    const words = line.slice(SCREEN_COLUMN);
    if (entry) session.push({ entry, screen: { text: words, last: false } });
    else if (session.at(-1)) session.at(-1)!.screen.text += `\n${words}`;
  }
  const last = session.at(-1)?.screen;
  if (last?.text.endsWith(END)) Object.assign(last, { text: last.text.slice(0, -END.length), last: true });
  return session;
}

/** A screen with today's Ethiopian year and any day written the same way, to compare the README's with today's. */
const asOfToday = (text: string) =>
  text.replaceAll('2019', String(ethiopianYear())).replace(/since \d+ \w+ \d{4}/, 'since <day>');

describe('the README’s USSD session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { env: { USSD_SECRET: TEST_USSD_SECRET } });
    await seedDemo(t.ctx);
  }, 120_000);
  afterAll(async () => t?.close());

  it('is what a phone the portal knows nothing of is shown, screen by screen, on the demo', async () => {
    const [dial, ...entries] = readmeSession();
    expect(dial?.entry).toBe('*8123#');
    expect(entries.length).toBeGreaterThan(3);
    const session = await (await gatewayTo(t)).dial(uniquePhone());
    expect(session.first).toEqual(dial?.screen);
    for (const { entry, screen } of entries) {
      const shown = await session.press(asOfToday(entry));
      expect({ ...shown, text: asOfToday(shown.text) }, entry).toEqual({ ...screen, text: asOfToday(screen.text) });
    }
  });
});

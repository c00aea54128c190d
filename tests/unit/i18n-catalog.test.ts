import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import af from '../../src/i18n/messages/af.json' with { type: 'json' };
import am from '../../src/i18n/messages/am.json' with { type: 'json' };
import en from '../../src/i18n/messages/en.json' with { type: 'json' };
import or from '../../src/i18n/messages/or.json' with { type: 'json' };
import sm from '../../src/i18n/messages/sm.json' with { type: 'json' };
import tg from '../../src/i18n/messages/tg.json' with { type: 'json' };
import { loadAllCatalogs, messagesFor } from '../../src/i18n/languages.ts';
import mission from '../../src/i18n/messages/mission.json' with { type: 'json' };
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { CUSTOMER_FIELD_NAMES } from '../../contract/customer-fields.ts';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const root = path.resolve(import.meta.dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(path.join(root, dir)).flatMap((f) => {
    const rel = path.join(dir, f);
    return statSync(path.join(root, rel)).isDirectory() ? files(rel) : /\.tsx?$/.test(f) ? [rel] : [];
  });

/** Message ids written literally in the code: id="x", id: 'x', key: 'x', t('x'), failureToast('x'), errorKey="x". */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const patterns = [
    /\bid=["']([a-zA-Z]+\.[\w.]+)["']/g,
    /\bid: ["']([a-zA-Z]+\.[\w.]+)["']/g,
    /\bkey: ["']([a-zA-Z]+\.[\w.]+)["']/g,
    /\bt\(["']([a-zA-Z]+\.[\w.]+)["']\)/g,
    /Toast\(["']([a-zA-Z]+\.[\w.]+)["']\)/g,
    /\blabel: ["']([a-zA-Z]+\.[\w.]+)["']/g,
    /Key=["']([a-zA-Z]+\.[\w.]+)["']/g,
  ];
  for (const file of [...files('src'), ...files('machines')]) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const p of patterns) for (const m of text.matchAll(p)) keys.add(m[1] as string);
  }
  return keys;
}

/** Ids built at run time from a field or language name. */
const DYNAMIC = [
  // The registration form's labels, one per field of the table (contract/customer-fields.ts) and its own three.
  ...[...CUSTOMER_FIELD_NAMES, 'password', 'confirmPassword', 'picture'].map((f) => `field.${f}`),
  'lang.En',
  'lang.Am',
  // The case-step dialog: one set of texts per step (src/screens/case-detail/step-dialog.tsx).
  ...['answer', 'withdraw', 'appeal'].flatMap((kind) =>
    ['open', 'title', 'text', 'confirm'].map((part) => `step.${kind}.${part}`),
  ),
  // A complaint's state on its tracking page (src/screens/complaint/complaint.tsx).
  ...['received', 'under_review', 'answered'].map((state) => `complaint.state.${state}`),
];

describe('message catalogs', () => {
  it('every key used in the code exists in English and Amharic', () => {
    const used = [...usedKeys(), ...DYNAMIC];
    expect(used.length).toBeGreaterThan(100);
    const missing = used.filter((k) => !(k in en) || !(k in am));
    expect(missing).toEqual([]);
  });

  it('Cancel is not the word for deleting: “ሰርዝ” sat under “delete my account permanently” (issue 51)', () => {
    const cancel = am['common.cancel'];
    for (const key of ['rights.delete', 'rights.confirmDelete', 'session.discardConfirm'] as const)
      expect(am[key], key).not.toContain(cancel);
    expect(cancel).not.toBe('ሰርዝ');
  });

  it('Amharic puts no genitive የ before a value that may carry its own (“የየኪራይ…”); only a person’s name takes it (issue 51)', () => {
    const personal = new Set(['dashboard.avatarAlt']);
    const doubled = Object.entries(am).filter(([key, text]) => text.includes('የ{') && !personal.has(key));
    expect(doubled).toEqual([]);
  });

  it('the landing page’s title is not the name every title ends with (“Customer Service — Customer Service”, issue 51)', () => {
    for (const catalog of [am, en]) expect(catalog['landing.title']).not.toBe(catalog['app.customerService']);
  });

  it('no catalog key is left unused (a dead string is work for every translator)', () => {
    const code = [...files('src'), ...files('machines')]
      .map((f) => readFileSync(path.join(root, f), 'utf8'))
      .join('\n');
    const mentioned = (key: string) => code.includes(`'${key}'`) || code.includes(`"${key}"`) || DYNAMIC.includes(key);
    expect(Object.keys(en).filter((k) => !mentioned(k))).toEqual([]);
  });

  it('Oromo, Tigrinya and Somali carry the wait message and the empty case number message; mission and vision are in all six', () => {
    for (const catalog of [or, tg, sm]) {
      for (const key of ['wait.message', 'errors.emptyCaseNumber']) expect(catalog, key).toHaveProperty(key);
    }
    for (const texts of Object.values(mission))
      for (const text of Object.values(texts)) expect(text.trim()).not.toBe('');
    expect(Object.keys(mission).sort()).toEqual(['Af', 'Am', 'En', 'Or', 'Sm', 'Tg']);
  });

  it('the drawer heading is translated in English and Amharic only; the other languages show the English', async () => {
    // spec: S2.SHELL.DRAWER_HEADING
    await loadAllCatalogs();
    expect(en['dashboard.drawerTitle']).toBeTruthy();
    expect(am['dashboard.drawerTitle']).toBeTruthy();
    for (const catalog of [or, tg, sm, af]) expect(catalog).not.toHaveProperty('dashboard.drawerTitle');
    expect(messagesFor('Or')['dashboard.drawerTitle']).toBe(en['dashboard.drawerTitle']);
    expect(messagesFor('Af')['dashboard.drawerTitle']).toBe(en['dashboard.drawerTitle']);
  });

  it('Afar shows the English wait message; every language falls back to a non-empty text', async () => {
    await loadAllCatalogs();
    expect(messagesFor('Af')['wait.message']).toBe(en['wait.message']);
    for (const lan of ['En', 'Am', 'Or', 'Tg', 'Sm', 'Af'] as const) {
      const catalog = messagesFor(lan);
      for (const key of Object.keys(en)) expect(catalog[key], `${lan} ${key}`).toBeTruthy();
    }
    expect(messagesFor('Tg')['login.title']).toBe(am['login.title']);
  });
});

/** The names of a message's placeholders ({name}, and those inside plurals and selects). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const e of elements) {
      if (e.type !== TYPE.literal && e.type !== TYPE.pound) names.add((e as { value: string }).value);
      if (e.type === TYPE.plural || e.type === TYPE.select)
        for (const option of Object.values(e.options)) walk(option.value);
      if (e.type === TYPE.tag) walk(e.children);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

const catalogsIn = (dir: string): Record<string, Record<string, string>> =>
  Object.fromEntries(
    readdirSync(path.join(root, dir))
      .filter((f) => /^[a-z]{2}\.json$/.test(f))
      .map((f) => [f.slice(0, 2), JSON.parse(readFileSync(path.join(root, dir, f), 'utf8')) as Record<string, string>]),
  );

describe.each([
  ['the SPA', 'src/i18n/messages'],
  ['the server', 'server/texts'],
])('the catalogs of %s', (_, dir) => {
  const catalogs = catalogsIn(dir);
  const english = catalogs.en as Record<string, string>;

  it('are in all six languages, English and Amharic complete (the same keys, no empty text)', () => {
    expect(Object.keys(catalogs).sort()).toEqual(['af', 'am', 'en', 'or', 'sm', 'tg']);
    expect(Object.keys(catalogs.am ?? {}).sort()).toEqual(Object.keys(english).sort());
    for (const [lang, catalog] of Object.entries(catalogs))
      for (const [key, text] of Object.entries(catalog)) expect(text.trim(), `${lang} ${key}`).not.toBe('');
  });

  it('hold no key English lacks, and every translation parses with the placeholders of the English text', () => {
    for (const [lang, catalog] of Object.entries(catalogs)) {
      expect(
        Object.keys(catalog).filter((key) => !(key in english)),
        lang,
      ).toEqual([]);
      for (const [key, text] of Object.entries(catalog))
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key] ?? ''));
    }
  });

  it('the placeholder check fails on a translation that drops or renames one', () => {
    expect(placeholders('Case {caseNumber}: {status}')).not.toEqual(placeholders('ጉዳይ {caseNumber}'));
    expect(placeholders('within {hours} hours')).not.toEqual(placeholders('በ{hour} ሰዓታት'));
  });
});

describe('the server catalogs', () => {
  it('every answer message is used by the server or a contract rule it applies (the keys the code writes are typed by the English catalog)', () => {
    const code = [...files('server'), ...files('contract')]
      .map((f) => readFileSync(path.join(root, f), 'utf8'))
      .join('\n');
    const english = catalogsIn('server/texts').en as Record<string, string>;
    const answers = Object.keys(english).filter((k) => k.startsWith('answer.'));
    expect(answers.length).toBeGreaterThan(40);
    expect(answers.filter((k) => !code.includes(`'${k.slice('answer.'.length)}'`))).toEqual([]);
  });
});

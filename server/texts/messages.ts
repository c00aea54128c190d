import IntlMessageFormat from 'intl-messageformat';
import type { Messages } from '../../contract/common.ts';
import type { LanCode, Lang } from '../../contract/languages.ts';
import { LANGS } from '../../contract/languages.ts';
import af from './af.json' with { type: 'json' };
import am from './am.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import or from './or.json' with { type: 'json' };
import sm from './sm.json' with { type: 'json' };
import tg from './tg.json' with { type: 'json' };

/**
 * Every text the server writes (the answers' `Message_*`, mails, SMS, printed status names),
 * in ICU message catalogs like the SPA's: `server/texts/<lang>.json`, checked by the same
 * catalog test. English and Amharic are written by the team and complete. Oromo (or),
 * Tigrinya (tg), Somali (sm) and Afar (af) are machine-drafted and NOT YET REVIEWED by a
 * native speaker; where a draft is missing, an answer falls back to English (what the spec
 * does for Afar) and a mail to Amharic and English (notify/templates.ts).
 */
export type TextKey = keyof typeof en;
const CATALOGS: Record<Lang, Partial<Record<TextKey, string>>> = { en, am, or, tg, sm, af };
/** The locale each language's numbers are written in. */
const LOCALES: Record<Lang, string> = { en: 'en', am: 'am', or: 'om', tg: 'ti', sm: 'so', af: 'aa' };

export type Values = Record<string, string | number>;
const compiled = new Map<string, IntlMessageFormat>();

/** The text of `key` written in `lang`, its placeholders filled; undefined where that language has no text yet. */
export function say(lang: Lang, key: TextKey, values: Values = {}): string | undefined {
  const source = CATALOGS[lang][key];
  if (source === undefined) return undefined;
  const id = `${lang}:${key}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(source, LOCALES[lang]);
    compiled.set(id, format);
  }
  return String(format.format(values));
}

/** The keys of the answers' messages (`answer.<key>` in the catalogs). */
export type MessageKey = { [K in TextKey]: K extends `answer.${infer Key}` ? Key : never }[TextKey];

/** The answer body `{ Message_en, ..., Message_af }` of a message: English where a language has no text yet. */
export function message(key: MessageKey, values: Values = {}): Messages {
  const out = {} as Record<string, string>;
  for (const lang of LANGS)
    out[`Message_${lang}`] = say(lang, `answer.${key}`, values) ?? (say('en', `answer.${key}`, values) as string);
  return out as Messages;
}

/** `Am` -> `am`. */
export function langOf(code: LanCode | string): Lang {
  const lower = code.toLowerCase();
  return (LANGS as readonly string[]).includes(lower) ? (lower as Lang) : 'am';
}

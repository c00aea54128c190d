import type { LanCode, Lang } from '../../contract/common.ts';
import { DEFAULT_LAN, LAN_CODES } from '../../contract/common.ts';
import af from './messages/af.json' with { type: 'json' };
import am from './messages/am.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import or from './messages/or.json' with { type: 'json' };
import sm from './messages/sm.json' with { type: 'json' };
import tg from './messages/tg.json' with { type: 'json' };

/** The language codes of the spec as BCP 47 tags (Oromo om, Tigrinya ti, Somali so, Afar aa). */
export const BCP47: Record<LanCode, string> = { En: 'en', Am: 'am', Or: 'om', Tg: 'ti', Sm: 'so', Af: 'aa' };

/** The languages the selector offers (spec section 1). */
export const SELECTABLE: LanCode[] = ['En', 'Am'];

export const fieldLang = (lan: LanCode): Lang => lan.toLowerCase() as Lang;

/**
 * Where a text missing in a language comes from: Tigrinya shares the Ethiopic script with
 * Amharic; the Latin-script languages fall back to English; everything ends in English.
 */
export const FALLBACKS: Record<LanCode, LanCode[]> = {
  En: [],
  Am: ['En'],
  Or: ['En'],
  Tg: ['Am', 'En'],
  Sm: ['En'],
  Af: ['En'],
};

const CATALOGS: Record<LanCode, Record<string, string>> = { En: en, Am: am, Or: or, Tg: tg, Sm: sm, Af: af };

/** The catalog of a language with its fallbacks filled in: no key ever shows empty. */
export function messagesFor(lan: LanCode): Record<string, string> {
  return Object.assign({}, ...[lan, ...FALLBACKS[lan]].reverse().map((l) => CATALOGS[l]));
}

export const isLanCode = (value: unknown): value is LanCode => typeof value === 'string' && (LAN_CODES as readonly string[]).includes(value);

const STORAGE_KEY = 'lan';
let current: LanCode = DEFAULT_LAN;
const listeners = new Set<() => void>();

/** The chosen language: persisted in localStorage, reflected in `<html lang>`. */
export const language = {
  get: (): LanCode => current,
  set(lan: LanCode) {
    current = lan;
    try {
      localStorage.setItem(STORAGE_KEY, lan);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    document.documentElement.lang = BCP47[lan];
    listeners.forEach((l) => l());
  },
  load() {
    let saved: string | null;
    try {
      saved = localStorage.getItem(STORAGE_KEY);
    } catch {
      saved = null;
    }
    current = isLanCode(saved) ? saved : DEFAULT_LAN;
    document.documentElement.lang = BCP47[current];
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

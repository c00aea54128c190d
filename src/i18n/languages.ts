import type { LanCode, Lang } from '../../contract/languages.ts';
import { DEFAULT_LAN, LANG_TAGS, LAN_CODES } from '../../contract/languages.ts';
import type { MessageFormatElement } from 'react-intl';
import { catalogs as catalogLoaders } from 'virtual:catalogs';

/** The language codes of the spec as BCP 47 tags. */
export const BCP47 = Object.fromEntries(LAN_CODES.map((lan) => [lan, LANG_TAGS[fieldLang(lan)]])) as Record<
  LanCode,
  string
>;

export function fieldLang(lan: LanCode): Lang {
  return lan.toLowerCase() as Lang;
}

/** The languages the selector offers (spec section 1). */
export const SELECTABLE: LanCode[] = ['En', 'Am'];

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

/** Messages as written (`npm run dev`, tests) or parsed at build time (scripts/vite-plugins.ts). */
type Catalog = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Every catalog is its own file, fetched when its language is needed (the default one is
 * preloaded by the page): data, not code, cached apart from the scripts.
 */
const loaded: Partial<Record<LanCode, Catalog>> = {};
const catalogs: Record<LanCode, () => Promise<Record<string, unknown>>> = catalogLoaders;

/** Catalogs that have every key (tests/unit/i18n-catalog.test.ts): they need no other. */
const COMPLETE: readonly LanCode[] = ['En', 'Am'];
const catalogChain = (lan: LanCode): LanCode[] => (COMPLETE.includes(lan) ? [lan] : [lan, ...FALLBACKS[lan]]);

/** Fetches a language's catalog and those it falls back to (once each). */
export async function loadCatalog(lan: LanCode): Promise<void> {
  await Promise.all(
    catalogChain(lan).map(async (l) => {
      loaded[l] ??= (await catalogs[l]()) as Catalog;
    }),
  );
}

/** A catalog already in hand (the build's pre-rendering, which has no server to fetch from). */
export function provideCatalog(lan: LanCode, catalog: Record<string, unknown>): void {
  loaded[lan] = catalog as Catalog;
}

/** Every catalog at once (the jsdom tests switch languages without waiting). */
export const loadAllCatalogs = (): Promise<void> =>
  Promise.all(LAN_CODES.map((l) => loadCatalog(l))).then(() => undefined);

/** The catalog of a language with its fallbacks filled in: no key ever shows empty. */
export function messagesFor(lan: LanCode): Catalog {
  return Object.assign(
    {},
    ...catalogChain(lan)
      .reverse()
      .map((l) => loaded[l] ?? {}),
  ) as Catalog;
}

export const isLanCode = (value: unknown): value is LanCode =>
  typeof value === 'string' && (LAN_CODES as readonly string[]).includes(value);

const STORAGE_KEY = 'lan';
let current: LanCode = DEFAULT_LAN;
const listeners = new Set<() => void>();

/** The chosen language: persisted in localStorage, reflected in `<html lang>`. */
export const language = {
  get: (): LanCode => current,
  /** Switches once the language's catalog has arrived (the page stays in the old one meanwhile). */
  async set(lan: LanCode): Promise<void> {
    await loadCatalog(lan);
    current = lan;
    try {
      localStorage.setItem(STORAGE_KEY, lan);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    document.documentElement.lang = BCP47[lan];
    listeners.forEach((l) => l());
  },
  load(): Promise<void> {
    let saved: string | null;
    try {
      saved = localStorage.getItem(STORAGE_KEY);
    } catch {
      saved = null;
    }
    current = isLanCode(saved) ? saved : DEFAULT_LAN;
    document.documentElement.lang = BCP47[current];
    // Resolves when the saved language can be shown; without its catalog, the page is in Amharic.
    return loadCatalog(current)
      .catch(() => {
        current = DEFAULT_LAN;
        document.documentElement.lang = BCP47[current];
        return loadCatalog(DEFAULT_LAN);
      })
      .catch(() => undefined);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/* The portal's languages: plain constants, without the schemas' library (a page that only needs them loads nothing else). */

/** The six languages of the portal (spec section 1), as used in field suffixes. */
export const LANGS = ['en', 'am', 'or', 'tg', 'sm', 'af'] as const;
export type Lang = (typeof LANGS)[number];

/** The six languages as BCP 47 tags (Oromo om, Tigrinya ti, Somali so, Afar aa). */
export const LANG_TAGS: Record<Lang, string> = { en: 'en', am: 'am', or: 'om', tg: 'ti', sm: 'so', af: 'aa' };

/** The translation setting `lan` of the SPA. */
export const LAN_CODES = ['En', 'Am', 'Or', 'Tg', 'Sm', 'Af'] as const;
export type LanCode = (typeof LAN_CODES)[number];
export const DEFAULT_LAN: LanCode = 'Am';

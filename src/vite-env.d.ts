/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
/// <reference types="vite-plugin-pwa/info" />
interface ImportMetaEnv {
  readonly VITE_API_KEYS?: string;
  readonly VITE_CASE_NUMBER_PREFIX?: string;
}

/** The message catalogs, one loader per language (scripts/vite-plugins.ts). */
declare module 'virtual:catalogs' {
  /** Keyed by LanCode (src/i18n/languages.ts holds it as such). */
  export const catalogs: Record<string, () => Promise<Record<string, unknown>>>;
}

/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_API_KEYS?: string;
  readonly VITE_CASE_NUMBER_PREFIX?: string;
}

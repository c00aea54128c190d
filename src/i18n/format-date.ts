import type { LanCode } from '../../contract/languages.ts';
import { formatDay } from '../../contract/dates.ts';
import { fieldLang } from './languages.ts';

/**
 * Dates: the Ethiopian calendar for the Ethiopian languages, the Gregorian for English
 * (contract/dates.ts). A module of its own, apart from localize.ts, so that the landing
 * page's script does not carry it.
 */
export const formatDate = (iso: string | null | undefined, lan: LanCode): string => formatDay(iso, fieldLang(lan));

import type { Messages } from '../../contract/common.ts';
import type { LanCode } from '../../contract/languages.ts';
import { FALLBACKS, fieldLang } from './languages.ts';

/**
 * An entity's text in the chosen language (`name_am`, `case_name_en`, ...), falling back
 * like the catalogs do, then to any non-empty language: never an empty label.
 */
export function localized(entity: object, prefix: string, lan: LanCode): string {
  const record = entity as Record<string, unknown>;
  for (const l of [lan, ...FALLBACKS[lan]]) {
    const value = record[`${prefix}_${fieldLang(l)}`];
    if (typeof value === 'string' && value.trim()) return value;
  }
  for (const l of ['en', 'am', 'or', 'tg', 'sm', 'af']) {
    const value = record[`${prefix}_${l}`];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '-';
}

/** A server answer's message in the chosen language (Message_<lang>), with the same fallbacks. */
export const serverMessage = (messages: Messages, lan: LanCode): string => localized(messages, 'Message', lan);

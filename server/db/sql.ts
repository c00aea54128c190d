import { LANGS } from '../../contract/languages.ts';

/** `name_en, name_am, ...` for a select list. */
export const langCols = (prefix: string, alias = ''): string => LANGS.map((l) => `${alias}${prefix}_${l}`).join(', ');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist (and must not reach SQL as a uuid). */
export const isUuid = (id: string): boolean => UUID.test(id);

import { LANGS } from '../../contract/languages.ts';

/** `name_en, name_am, ...` for a select list. */
export const langCols = (prefix: string, alias = ''): string => LANGS.map((l) => `${alias}${prefix}_${l}`).join(', ');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids are UUIDs; anything else cannot exist (and must not reach SQL as a uuid). */
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * The key of the number an account holds (`phone_proofs`, ADR 0029: proved with a code, and
 * not proved by another account since), as a column of a query over customers aliased `alias`.
 */
export const HELD_NUMBER = (alias: string): string =>
  `(SELECT p.msisdn FROM phone_proofs p WHERE p.customer_id = ${alias}.id AND p.ended_at IS NULL)`;

import { maxLength } from '../contract/limits.ts';

/**
 * A value at its field's limit, written without a space (issue 23): a name spelled with an
 * unusual transliteration, or a pasted value. For the API tests and the browser audit alike.
 */
export const atLimit = (letters: string, limit: number): string => letters.repeat(limit).slice(0, maxLength(limit));

/**
 * The bureau's own names (divisions, case requests) have no limit of the portal's: they come
 * with the reference data. The longest seeded one is 170 characters with spaces; the audit
 * writes 200 without a space.
 */
export const BUREAU_NAME_LETTERS = 200;

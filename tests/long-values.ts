import { maxLength } from '../contract/limits.ts';

/**
 * A value at its field's limit, written without a space (issue 23): a name spelled with an
 * unusual transliteration, or a pasted value. For the API tests and the browser audit alike.
 */
export const atLimit = (letters: string, limit: number): string => letters.repeat(limit).slice(0, maxLength(limit));

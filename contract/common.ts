import * as z from 'zod/mini';
import type { Lang } from './languages.ts';
import { LANGS } from './languages.ts';

type LangShape<P extends string> = { [L in Lang as `${P}_${L}`]: z.ZodMiniString };

/** `{prefix}_en ... {prefix}_af`, each a string. */
export function langFields<P extends string>(prefix: P): LangShape<P> {
  return Object.fromEntries(LANGS.map((l) => [`${prefix}_${l}`, z.string()])) as LangShape<P>;
}

/** Every answer of the server carries its message in the six languages. */
export const Messages = z.object({
  Message_en: z.string(),
  Message_am: z.string(),
  Message_or: z.string(),
  Message_tg: z.string(),
  Message_sm: z.string(),
  Message_af: z.string(),
});
export type Messages = z.infer<typeof Messages>;

/** The body of every error answer: the messages, plus a stable code for programs. */
export const ErrorBody = z.extend(Messages, {
  code: z.string(),
  /** Field-level problems of a rejected payload, keyed by field name. */
  fields: z.optional(z.record(z.string(), z.string())),
  /** For a field that is too long, its limit in characters: the page says it ("at most 200 characters"). */
  limits: z.optional(z.record(z.string(), z.number())),
  /** An unverified account's login with the right password: its pending registration, for the code screen (ADR 0029). */
  registration: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Id = z.string().check(z.minLength(1), z.maxLength(64));
export const IsoDate = z.string();
export const YesNo = z.enum(['yes', 'no']);

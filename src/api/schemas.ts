import { ErrorBody } from '../../contract/common.ts';

/**
 * The schemas the SPA parses answers with (contract/answers.ts) and its refusals' body: a
 * chunk of their own, with their library, fetched beside a page's first call
 * (src/api/client.ts) and with any screen's code (src/app/lazy-screen.tsx), never with the
 * landing page, which makes none.
 */
export { answers } from '../../contract/answers.ts';

/** A refusal's messages, when its body is the contract's error. */
export const errorOf = (body: unknown): ErrorBody | null => {
  const parsed = ErrorBody.safeParse(body);
  return parsed.success ? parsed.data : null;
};

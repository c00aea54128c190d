import type * as z from 'zod/mini';
import { casesAnswers } from './cases/answers.ts';
import { customersAnswers } from './customers/answers.ts';
import type { EndpointName } from './endpoints.ts';
import { feedbackAnswers } from './feedback/answers.ts';
import { referenceAnswers } from './reference/answers.ts';

/**
 * What each endpoint answers (spec section 7), by name and by domain (contract/<domain>/answers.ts): the server serializes with it and the
 * SPA parses with it. Apart from the endpoints (contract/endpoints.ts) so that a page that only
 * needs to know where an endpoint is does not load the schemas and their library: the SPA
 * fetches this table beside its first call (src/api/client.ts), never with the landing page.
 */
export const answers = {
  ...referenceAnswers,
  ...customersAnswers,
  ...casesAnswers,
  ...feedbackAnswers,
} as const satisfies Record<EndpointName, z.ZodMiniType>;

export type Answers = typeof answers;
/** What endpoint `K` answers, parsed. */
export type AnswerOf<K extends EndpointName> = z.infer<Answers[K]>;

import type * as z from 'zod/mini';
import type { Answers } from './answers.ts';
import { casesRequests } from './cases/requests.ts';
import { customersRequests } from './customers/requests.ts';
import type { EndpointDef, EndpointName, Endpoints } from './endpoints.ts';
import { feedbackRequests } from './feedback/requests.ts';
import { referenceRequests } from './reference/requests.ts';
import type { RequestDef } from './request-parts.ts';

/**
 * The request half of the endpoint table, by domain (contract/<domain>/requests.ts): the server
 * validates every payload with it; the SPA, which validates its forms with its machines, does
 * not load it.
 */
export const requests = {
  ...referenceRequests,
  ...customersRequests,
  ...casesRequests,
  ...feedbackRequests,
} as const satisfies Record<EndpointName, RequestDef>;

export type Requests = typeof requests;
/** An endpoint whole: where it is, what it accepts and what it answers. */
export type RouteDef = EndpointDef & RequestDef & { response: z.ZodMiniType };
export type Routes = { [K in EndpointName]: Endpoints[K] & Requests[K] & { response: Answers[K] } };

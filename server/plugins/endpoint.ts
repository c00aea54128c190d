import type { FastifyRequest } from 'fastify';
import type { EndpointName } from '../../contract/endpoints.ts';
import type { RouteDef } from '../../contract/requests.ts';

/** What a route of the contract carries for the plugins: its name and its definition. */
export interface Endpoint {
  name: EndpointName;
  def: RouteDef;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route of the contract (routes/define.ts); absent on files and pages. */
    endpoint?: Endpoint;
  }
}

/** The contract's route a request is for, if any (the plugins act on those only). */
export const endpointOf = (request: FastifyRequest): Endpoint | undefined => request.routeOptions.config.endpoint;

import type { FastifyInstance } from 'fastify';
import type { EndpointName } from '../../contract/endpoints.ts';
import { endpoints } from '../../contract/endpoints.ts';
import type { Routes } from '../../contract/requests.ts';
import type { Context } from '../context.ts';
import { etag } from '../plugins/etag.ts';
import { readCache } from '../plugins/read-cache.ts';
import { caseHandlers } from './cases.ts';
import { customerHandlers } from './customers.ts';
import type { Handler, Handlers } from './define.ts';
import { defineRoute, isRead, routeDef } from './define.ts';
import { feedbackHandlers } from './feedback.ts';
import { referenceHandlers } from './reference.ts';

/**
 * Every endpoint of the contract, with its handler. Writes go on the app itself; reads in a
 * scope with the read cache, so that a write never looks an answer up; reference reads in
 * a scope inside it with their tags (ADR 0011).
 */
export async function registerRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const handlers: Handlers = {
    ...customerHandlers(ctx),
    ...caseHandlers(ctx),
    ...referenceHandlers(ctx),
    ...feedbackHandlers(ctx),
  };
  const names = Object.keys(endpoints) as EndpointName[];
  const define = (scope: FastifyInstance, name: EndpointName) =>
    defineRoute(scope, name, handlers[name] as Handler<Routes[typeof name]>);
  const reads = names.filter((name) => isRead(routeDef(name)));
  for (const name of names.filter((n) => !reads.includes(n))) define(app, name);
  // Reads may send an answer kept in memory; reference reads also carry a tag (ETag).
  await app.register(async (scope) => {
    await scope.register(readCache, { ctx });
    for (const name of reads.filter((n) => !routeDef(n).reference)) define(scope, name);
    await scope.register(async (reference) => {
      await reference.register(etag);
      for (const name of reads.filter((n) => routeDef(n).reference)) define(reference, name);
    });
  });
}

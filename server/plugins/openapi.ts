import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX, endpoints } from '../../contract/endpoints.ts';

/** Where the API's own description is served. */
export const OPENAPI_PATH = `${API_PREFIX}/docs/openapi.json`;

/**
 * The API described as OpenAPI 3.1 from the contract's schemas (the routes registered after it
 * are in it): every call, its bearer or API-key header, its payload and its answers.
 */
export const openapi = fp(
  async (app) => {
    const securitySchemes: Record<string, object> = {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    };
    for (const def of Object.values(endpoints))
      securitySchemes[def.apiKeyHeader.toLowerCase()] = { type: 'apiKey', in: 'header', name: def.apiKeyHeader };
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Housing bureau customer portal API',
          version: '1.0.0',
          description:
            'Every call of the portal. Errors answer { code, Message_en, Message_am, Message_or, Message_tg, Message_sm, Message_af, fields? }. ' +
            'The per-endpoint API-key headers ship inside the SPA and are not a security control (docs/decisions/0002-api-key-headers.md).',
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: securitySchemes as never },
      },
      transform: jsonSchemaTransform,
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', fastify: '5.x' },
);

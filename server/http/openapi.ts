import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/**
 * The OpenAPI document is generated from the zod schemas of the routes themselves,
 * so it cannot drift from what the server validates.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Dutybook API', version: '1', description: 'Customs finalization, FTA origin and tariff lookup.' },
      servers: [{ url: config.basePath || '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => {
      // Paths are documented without the deployment's base path, which lives in `servers`.
      const { url } = input;
      const documentedUrl = config.basePath && url.startsWith(config.basePath) ? url.slice(config.basePath.length) : url;
      const transformed = jsonSchemaTransform({ ...input, url: documentedUrl });
      // The administration API is for the platform's own screens: the public document does not describe it.
      return documentedUrl.startsWith('/api/admin/') ? { ...transformed, schema: { ...transformed.schema, hide: true } } : transformed;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: `${config.basePath}/api/docs`,
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
  app.get(`${config.basePath}/api/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}

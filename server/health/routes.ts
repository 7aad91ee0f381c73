import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';

const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
});

/** Liveness that includes the database: a load balancer should not route to a server that cannot query. */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/health/', {
    schema: { tags: ['system'], summary: 'Server and database health', response: { 200: healthSchema, 503: healthSchema } },
  }, async (_request, reply) => {
    const database = deps.database.kind;
    try {
      await deps.database.db.execute(sql`SELECT 1`);
      return { status: 'ok' as const, database };
    } catch {
      return reply.status(503).send({ status: 'error' as const, database });
    }
  });
};

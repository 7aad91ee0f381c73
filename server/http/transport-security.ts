import type { FastifyInstance } from 'fastify';

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * HSTS and the CSP's `upgrade-insecure-requests` tell a browser to use only HTTPS with this host. Sent over plain
 * HTTP (a server on a LAN address without TLS) they would break the next visit, so they are sent only on requests
 * that arrived over HTTPS: directly, or through a proxy trusted by TRUST_PROXY that says so (X-Forwarded-Proto).
 */
export function registerTransportSecurity(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.header('Strict-Transport-Security', HSTS);
    const policy = reply.getHeader('Content-Security-Policy');
    if (typeof policy === 'string' && !policy.includes('upgrade-insecure-requests')) {
      reply.header('Content-Security-Policy', `${policy};upgrade-insecure-requests`);
    }
  });
}

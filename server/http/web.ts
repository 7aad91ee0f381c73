import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';

const tagManagerOrigin = 'https://www.googletagmanager.com';
const googleSignInOrigin = 'https://accounts.google.com';

/** Same-origin only; the tag manager and Google sign-in are allowed only when configured. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const tagManager = config.gtmId ? [tagManagerOrigin] : [];
  const googleSignIn = config.googleClientId ? [googleSignInOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...tagManager, ...googleSignIn],
    // Business-intelligence reports are framed only from the origins configured for them.
    frameSrc: ["'self'", ...googleSignIn, ...config.reportOrigins],
    // MUI (emotion) injects <style> elements at run time.
    styleSrc: ["'self'", "'unsafe-inline'", ...googleSignIn],
    imgSrc: ["'self'", 'data:', 'blob:', ...tagManager],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...tagManager, ...googleSignIn],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

/** What the web app needs to know at run time; read from a JSON script element, never executed. */
export function runtimeConfig(config: Config) {
  return {
    basePath: config.basePath,
    gtmId: config.gtmId ?? null,
    sessionTimeoutMin: config.sessionTimeoutMin,
    googleClientId: config.googleClientId ?? null,
    oauthClientId: config.oauthClientId,
  };
}

/** `<` is escaped so that no value can close the script element. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** The built index.html with the base path and runtime configuration put in. */
export function renderIndexHtml(template: string, config: Config): string {
  const head = `<base href="${config.basePath}/">\n<script id="app-config" type="application/json">${jsonForHtml(runtimeConfig(config))}</script>`;
  return template.replace('<head>', `<head>\n${head}`);
}

/**
 * Helmet's headers that only a document reads (its policy for what it may load, frame or refer): a script, style sheet
 * or font ignores them, and sending them with each of the 20-odd scripts of a first page cost about 14 KB on HTTP/1.1.
 * The ones that guard a subresource stay (`X-Content-Type-Options`, `Cross-Origin-Resource-Policy`).
 */
const documentOnlyHeaders = [
  'Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'Origin-Agent-Cluster', 'Referrer-Policy', 'X-DNS-Prefetch-Control',
  'X-Download-Options', 'X-Frame-Options', 'X-Permitted-Cross-Domain-Policies', 'X-XSS-Protection',
];
/** Built files that are never shown as a document (an SVG or HTML file can be, so keeps every header). */
const isSubresource = (filePath: string) => /\.(js|css|woff2?)(\.br|\.gz)?$/.test(filePath);

/** A file extension has a letter: `/8516.60.10` is a page (a dotted HS code), `/app.js` a file. */
const looksLikeFile = (urlPath: string) => /\.(?=[a-z0-9]*[a-z])[a-z0-9]{1,8}$/i.test(urlPath);

/**
 * Serves the built web app under the base path: files as they are (hashed assets cached for a year),
 * and index.html for every other path so the client router can show the page or its not-found page.
 * Unknown /api paths answer the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const indexPath = path.join(config.webDir, 'index.html');
  const template = await fs.readFile(indexPath, 'utf8').catch(() => undefined);
  const indexHtml = template === undefined ? undefined : renderIndexHtml(template, config);
  const apiPrefix = `${config.basePath}/api`;

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: `${config.basePath}/`,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of its text files (web/precompress.ts): sent as they are to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (isSubresource(filePath)) for (const name of documentOnlyHeaders) res.removeHeader(name);
      },
    });
  }

  const sendIndex = (reply: FastifyReply) => {
    if (indexHtml === undefined) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run "npm run build:web" (npm start does it).');
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  };

  if (config.basePath) {
    app.get('/', (_request, reply) => reply.redirect(`${config.basePath}/`));
  }
  app.get(`${config.basePath}/`, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0] ?? '';
    const isApi = urlPath === apiPrefix || urlPath.startsWith(`${apiPrefix}/`);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(urlPath)
      && (urlPath === config.basePath || urlPath.startsWith(`${config.basePath}/`));
    if (!isApi && isPage) return sendIndex(reply);
    return reply.status(404).send({ code: 'not_found', detail: `No route ${request.method} ${urlPath}.` });
  });
}

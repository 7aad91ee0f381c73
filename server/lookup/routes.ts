import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { apiErrorSchema } from '../../common/api/errors.js';
import { normaliseCode } from '../../common/hs/code.js';
import { normaliseYear } from '../../common/lookup/query.js';
import {
  codePageSchema, coSearchAnswerSchema, decisionPageSchema, lookupLangSchema, regulationPageSchema, regulationSchema,
  contactInputSchema, searchAnswerSchema, searchQuerySchema, treeNodeSchema, yearComparisonSchema, yearsAnswerSchema,
} from '../../common/lookup/schemas.js';
import { AppError } from '../http/errors.js';
import { cachedJson } from './answer-cache.js';
import { compareYears } from './compare-years.js';
import { getCodePage, listRegulationsOfCode } from './get-code-page.js';
import { getDecision } from './get-decision.js';
import { getRegulation } from './get-regulation.js';
import { countHeldRecords, listTariffEditions, listTreeNodes } from './list-tree-nodes.js';
import { searchCoRecords } from './search-co-records.js';
import { searchLookup } from './search-lookup.js';
import { SearchRate } from './search-rate.js';
import { sendContactMessage } from './send-contact-message.js';
import { type ShippingDocumentInput, shippingDocumentKinds, shippingDocumentSchema } from '../../common/lookup/shipping-documents.js';
import { recordIdParams } from '../../common/api/ids.js';
import { sendDownload } from '../http/downloads.js';

const tags = ['lookup'];
const yearQuery = z.object({ year: z.coerce.number().int().optional() });
const idParams = recordIdParams;
const notFoundAnswer = { 404: apiErrorSchema };
const treeAnswerSchema = z.object({ nodes: z.array(treeNodeSchema) });

/**
 * Sends a kept answer: JSON already encoded with the route's response schema, which Fastify sends as it is
 * (the cast: the reply is typed for the decoded answer).
 */
const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json as never);

/** The public tariff lookup: search, code pages, the HS tree, decisions, regulations and certificate-of-origin records. No sign-in. */
export const lookupRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const answerCache = { database, maxBytes: deps.config.lookupCacheBytes };
  const searchRate = new SearchRate(deps.config.lookupSearchPerMinute);

  app.get('/lookup/search/', {
    schema: {
      tags, querystring: searchQuerySchema, response: { 200: searchAnswerSchema, 429: apiErrorSchema },
      summary: 'Search tariff lines or classification decisions of a year by words, phrase or code',
    },
  }, async (request, reply) => {
    // Every language is searched whatever the interface's (lang), so answers are kept without it.
    const { q, year, mode, exact, page, rows, chapter, schedule, rateMin, rateMax } = request.query;
    const options = { q, year: normaliseYear(year), mode, exact: exact === '1', page, rows, filters: { chapter, schedule, rateMin, rateMax } };
    // Only a search the kept answers do not hold reaches the database, and only it is counted.
    const json = await cachedJson(answerCache, `search:${JSON.stringify(options)}`, searchAnswerSchema,
      () => searchRate.run(request.ip, () => searchLookup({ database, ...options })));
    return sendJson(reply, json);
  });

  app.get('/lookup/years/', {
    schema: { tags, summary: 'Tariff years that hold data, newest first, with the languages of their descriptions', response: { 200: yearsAnswerSchema } },
  }, async (_request, reply) => sendJson(reply, await cachedJson(answerCache, 'years', yearsAnswerSchema, async () => {
    const [editions, held] = await Promise.all([listTariffEditions({ database }), countHeldRecords({ database })]);
    return { years: editions.map((edition) => edition.year), editions, held };
  })));

  app.get('/lookup/tree/', {
    schema: {
      tags, summary: 'Children of a node of the HS tree (sections when no parent is given)',
      querystring: yearQuery.extend({ parent: z.string().max(12).optional() }),
      response: { 200: treeAnswerSchema, 400: apiErrorSchema },
    },
  }, async (request, reply) => {
    const options = { year: normaliseYear(request.query.year), parent: request.query.parent };
    const json = await cachedJson(answerCache, `tree:${JSON.stringify(options)}`, treeAnswerSchema, async () => ({ nodes: await listTreeNodes({ database, ...options }) }));
    return sendJson(reply, json);
  });

  app.get('/lookup/codes/:code/', {
    schema: {
      tags, summary: 'One tariff line (by code or section numeral) with its ancestors, children, origin rules, regulations and decisions',
      params: z.object({ code: z.string().max(20) }), querystring: yearQuery, response: { 200: codePageSchema, ...notFoundAnswer },
    },
  }, async (request) => getCodePage({ database, code: request.params.code, year: normaliseYear(request.query.year) }));

  app.get('/lookup/compare/', {
    schema: {
      tags, summary: 'What changed in a code (and the codes under it) between two tariff years: lines added, removed, reworded or re-rated',
      querystring: z.object({ code: z.string().max(12).default(''), from: z.coerce.number().int(), to: z.coerce.number().int() }),
      response: { 200: yearComparisonSchema, 400: apiErrorSchema },
    },
  }, async (request) => compareYears({ database, code: request.query.code, from: normaliseYear(request.query.from), to: normaliseYear(request.query.to) }));

  app.get('/lookup/decisions/:id/', {
    schema: { tags, summary: 'A classification decision', params: idParams, response: { 200: decisionPageSchema, ...notFoundAnswer } },
  }, async (request) => getDecision({ database, id: request.params.id }));

  app.get('/lookup/decisions/', {
    schema: {
      tags, summary: 'Classification decisions resulting in a code or any code under it',
      querystring: yearQuery.extend({ hs: z.string().max(12), lang: lookupLangSchema.default('vi'), page: z.coerce.number().int().min(1).default(1) }),
      response: { 200: searchAnswerSchema, 400: apiErrorSchema },
    },
  }, async (request) => {
    const { hs, year, page } = request.query;
    const code = normaliseCode(hs);
    if (!code) throw new AppError('validation_error', 'hs must be 1 to 8 digits.', { fields: { hs: ['Not a code.'] } });
    return searchLookup({ database, q: code, year: normaliseYear(year), mode: 'classification', exact: false, page, rows: 50 });
  });

  app.get('/lookup/regulations/:id/', {
    schema: { tags, summary: 'A regulation and the tariff lines it is linked to', params: idParams, querystring: yearQuery, response: { 200: regulationPageSchema, ...notFoundAnswer } },
  }, async (request) => getRegulation({ database, id: request.params.id, year: normaliseYear(request.query.year) }));

  app.get('/lookup/regulations/', {
    schema: {
      tags, summary: 'Regulations that apply to a code (linked to it or to one of its ancestors)',
      querystring: z.object({ hs: z.string().max(12) }), response: { 200: z.object({ regulations: z.array(regulationSchema) }), 400: apiErrorSchema },
    },
  }, async (request) => ({ regulations: await listRegulationsOfCode({ database, code: request.query.hs }) }));

  app.get('/lookup/co/', {
    schema: {
      tags, summary: 'Search the certificate-of-origin reference index; * and ? are wildcards',
      querystring: z.object({ q: z.string().max(200).default(''), page: z.coerce.number().int().min(1).default(1), rows: z.coerce.number().int().min(1).max(600).default(20) }),
      response: { 200: coSearchAnswerSchema },
    },
  }, async (request) => searchCoRecords({ database, ...request.query }));

  app.post('/lookup/contact/', {
    // Room for a 5 MB attachment in base64 and the text around it.
    bodyLimit: 8 * 1024 * 1024,
    config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    schema: {
      tags, summary: 'Send a question to the Dutybook team, with an optional attachment (base64)',
      body: contactInputSchema,
      response: { 201: z.object({ id: z.number() }), 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
    },
  }, async (request, reply) => {
    const fallbackRecipient = /<([^>]+)>/.exec(deps.config.mailFrom)?.[1] ?? deps.config.mailFrom;
    const sent = await sendContactMessage({
      database, mailer: deps.mailer, fallbackRecipient, input: request.body,
      log: (error) => request.log.error({ err: error }, 'contact message stored but not mailed'),
    });
    return reply.status(201).send(sent);
  });

  for (const kind of shippingDocumentKinds) {
    app.post(`/lookup/documents/${kind}/`, {
      // Rendering a PDF costs a core for a moment: anonymous clients get a few a minute, not the whole server.
      config: { rateLimit: { max: deps.config.documentsPerMinute, timeWindow: '1 minute', groupId: 'shipping-documents' } },
      schema: {
        tags, summary: `The ${kind.replace('-', ' ')} as a PDF document, from the form's values`,
        body: shippingDocumentSchema(kind),
        response: { 200: z.any().describe('application/pdf'), 400: apiErrorSchema },
      },
    }, async (request, reply) => {
      // pdf-lib and fontkit load with the first document rather than add 60 MB to every server.
      const { renderShippingDocument } = await import('./render-shipping-document.js');
      const pdf = await renderShippingDocument({ kind, input: request.body as ShippingDocumentInput });
      return sendDownload(reply, Buffer.from(pdf), { type: 'application/pdf', fileName: `${kind}.pdf` });
    });
  }
};

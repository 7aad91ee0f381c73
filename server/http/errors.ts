import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ErrorCode, httpStatusOfCode } from '../../common/api/errors.js';

/** An error meant for the client: its code, status and text are sent as they are. */
export class AppError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]> | undefined;
  /** More of the answer beside code, detail and fields (e.g. the ids a bulk update could not change). */
  readonly extra: Record<string, unknown> | undefined;
  constructor(
    readonly code: ErrorCode,
    detail: string,
    options: { status?: number; fields?: Record<string, string[]>; extra?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.status = options.status ?? httpStatusOfCode[code as keyof typeof httpStatusOfCode] ?? 400;
    this.fields = options.fields;
    this.extra = options.extra;
  }
}

export const notFound = (what = 'Not found.') => new AppError('not_found', what);

/** Field errors from zod issues, keyed by dotted path ('' for the body as a whole becomes 'non_field_errors'). */
export function fieldsOfIssues(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Record<string, string[]> {
  return groupMessages(issues.map((issue) => [issue.path.map(String).join('.') || 'non_field_errors', issue.message]));
}

/**
 * Messages grouped by field name. The names come from the request, so they are gathered in a Map: in a plain
 * object `__proto__` or `constructor` would find Object's members instead of an empty list.
 */
function groupMessages(entries: Array<[string, string]>): Record<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const [key, message] of entries) grouped.set(key, [...(grouped.get(key) ?? []), message]);
  return Object.fromEntries(grouped);
}

const codeOfStatus = (status: number): ErrorCode =>
  (Object.entries(httpStatusOfCode).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  (status >= 500 ? 'server_error' : 'validation_error');

function toBody(error: FastifyError | AppError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { ...error.extra, code: error.code, detail: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = groupMessages(error.validation.map((issue) => [issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors', issue.message ?? 'Invalid value.']));
    return { status: 400, body: { code: 'validation_error', detail: 'Data has invalid format.', fields } };
  }
  // The multipart parser throws plain errors on a missing boundary or a cut-off or malformed part: the client's fault.
  if (/^Multipart: |Unexpected end of (form|multipart)|Malformed part header/i.test(error.message)) {
    return { status: 400, body: { code: 'validation_error', detail: 'The form data is malformed.' } };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) return { status, body: { code: 'rate_limited', detail: 'Too many requests. Try again later.' } };
  if (status === 413 || (error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, body: { code: 'payload_too_large', detail: 'The upload is larger than allowed.' } };
  }
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    return { status, body: { code: codeOfStatus(status), detail: error.message } };
  }
  return { status: 500, body: { code: 'server_error', detail: 'The server encountered a problem.' } };
}

/** Every error leaves as `{code, detail, fields?}`; a stack trace never does. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toBody(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
}

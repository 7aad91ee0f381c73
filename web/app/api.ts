import type { ApiErrorBody } from '../../common/api/errors.js';
import { apiUrl } from './runtime-config.js';

/**
 * A failed API call. `code` is the server's machine code, or `network` when no answer came,
 * or `server` when the answer was not our JSON error shape.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    detail: string,
    readonly fields: Record<string, string[]> = {},
    /** The whole error answer: some carry more than code, detail and fields (a refused file's reason, an earlier import). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

/** The error an answer of `status` with `payload` stands for. */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  const error = payload as (Partial<ApiErrorBody> & Record<string, unknown>) | undefined;
  if (error && typeof error === 'object' && typeof error.code === 'string') {
    return new ApiError(error.code, status, typeof error.detail === 'string' ? error.detail : '', error.fields ?? {}, error);
  }
  if (status === 413) return new ApiError('payload_too_large', status, '');
  return new ApiError('server', status, `Server encountered problem [${status}]`);
}

/** The bearer token's header, for the calls that cannot go through `apiRequest` (an upload's progress). */
export const authorizationHeader = (): Record<string, string> => {
  const token = tokenSource();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

export type Query = Record<string, string | number | boolean | null | undefined | ReadonlyArray<string | number>>;

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Supplies the bearer token once sign-in exists; no cookie ever authenticates a request. */
let tokenSource: () => string | null = () => null;
export const setTokenSource = (source: () => string | null) => { tokenSource = source; };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData and URLSearchParams as they are. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers; an `Authorization` here replaces the bearer token (the OAuth client's basic auth). */
  headers?: Record<string, string>;
}

/** One API call, answered as its Response when it succeeded; any failure is thrown as an `ApiError`. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authorizationHeader() };
  Object.assign(headers, options.headers);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path) + queryString(options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('network', 0, 'Wrong Services');
  }
  if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => undefined));
  return response;
}

/** One API call answered as JSON (nothing for 204). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => undefined)) as T;
}

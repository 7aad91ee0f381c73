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
  ) {
    super(detail);
  }
}

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

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = tokenSource();
  if (token) headers.Authorization = `Bearer ${token}`;
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
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok) return payload as T;
  const error = payload as Partial<ApiErrorBody> | undefined;
  if (error && typeof error.code === 'string') {
    throw new ApiError(error.code, response.status, error.detail ?? '', error.fields ?? {});
  }
  throw new ApiError('server', response.status, `Server encountered problem [${response.status}]`);
}

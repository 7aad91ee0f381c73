import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { findUserByToken, type SignedInUser } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the sign-in guard on routes that require it. */
    user: SignedInUser | null;
  }
  interface FastifyInstance {
    /** How long a token may go unused before it stops authenticating (SESSION_TIMEOUT_MIN). */
    sessionIdleMs: number;
  }
}

export function decorateUser(app: FastifyInstance, sessionTimeoutMin: number): void {
  app.decorateRequest('user', null);
  app.decorate('sessionIdleMs', sessionTimeoutMin * 60_000);
}

const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/** An onRequest hook: only requests with a live bearer token pass; no cookie ever authenticates. */
export function requireUser(db: Db) {
  return async (request: FastifyRequest) => {
    const token = bearerOf(request.headers.authorization);
    const user = token ? await findUserByToken({ db, token, idleMs: request.server.sessionIdleMs }) : undefined;
    if (!user) throw new AppError('not_authenticated', 'Authentication credentials were not provided or have expired.');
    request.user = user;
  };
}

/** The signed-in user of a guarded route. */
export function signedInUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new AppError('not_authenticated', 'Authentication credentials were not provided or have expired.');
  return request.user;
}

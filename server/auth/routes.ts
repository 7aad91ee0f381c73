import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema, codeConfirmSchema, detailSchema, emailOnlySchema, passwordResetConfirmSchema,
  registrationConfirmSchema, registrationResendSchema, registrationSchema, socialTokenRequestSchema, tokenRequestSchema, tokenResponseSchema, wrappedTokenResponseSchema,
} from '../../common/accounts/schemas.js';
import type { AppDeps } from '../deps.js';
import { mediaDir, mimeOfMediaName } from '../files/pictures.js';
import { AppError, notFound } from '../http/errors.js';
import {
  type AccountContext, changePassword, confirmPasswordReset, confirmRegistration, registerUser, requestPasswordReset,
  resendRegistrationCode, signIn, signInWithVerifiedEmail, validateResetCode,
} from './accounts.js';
import { useIdTokenOnce, verifyGoogleIdToken } from './google.js';
import { runner } from '../db/run.js';
import { requireUser, signedInUser } from './guard.js';
import { revokeToken } from './tokens.js';


/** The web app presents its client id as basic auth; no header is accepted too, any other client is not. */
function checkClient(request: FastifyRequest, clientId: string, bodyClientId: string | undefined): void {
  const header = request.headers.authorization;
  // Authentication schemes are case-insensitive (RFC 9110 §11.1): `basic` and `BASIC` present a client as `Basic` does.
  const basic = header?.match(/^basic\s+(\S*)\s*$/i);
  const fromHeader = basic ? Buffer.from(basic[1] ?? '', 'base64').toString('utf8').split(':')[0] : undefined;
  for (const presented of [fromHeader, bodyClientId]) {
    if (presented !== undefined && presented !== clientId) throw new AppError('invalid_client', 'Unknown client.');
  }
}

export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config, database, mailer } = deps;
  const context: AccountContext = {
    db: database.db, run: runner(database), mailer, tokenTtlHours: config.tokenTtlHours,
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}${config.basePath}/`, signInAttemptsPerAccount: config.signInAttemptsPerAccount,
  };
  const tags = ['accounts'];
  /** Per-client limits against guessing; 429 with code `rate_limited` beyond them. */
  const limited = () => ({ rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } });
  const sent = { detail: 'If the address has an account, a code is on its way.' };

  app.post('/registration/', {
    config: limited(),
    schema: {
      tags, summary: 'Register an address: e-mail a 6-digit code (the answer is the same whether or not the address has an account)',
      body: registrationSchema, response: { 201: detailSchema.extend({ email: z.string(), registration: z.uuid() }) },
    },
  }, async (request, reply) => {
    const { registration } = await registerUser(context, request.body);
    return reply.status(201).send({ detail: 'A verification code was sent to your e-mail address.', email: request.body.email, registration });
  });

  app.post('/registration-confirm/', {
    config: limited(),
    schema: { tags, summary: 'Verify the e-mailed code; answers a token', body: registrationConfirmSchema, response: { 200: wrappedTokenResponseSchema } },
  }, async (request) => ({ token: await confirmRegistration(context, { ...request.body, ip: request.ip }) }));

  app.post('/registration/resend/', {
    config: limited(),
    schema: { tags, summary: 'Send a new registration code', body: registrationResendSchema, response: { 200: detailSchema } },
  }, async (request) => {
    app.afterReply.run(() => resendRegistrationCode(context, request.body));
    return sent;
  });

  app.post('/oauth/token/', {
    config: limited(),
    schema: { tags, summary: 'Sign in (OAuth2 password grant, form-encoded)', consumes: ['application/x-www-form-urlencoded'], body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
  }, async (request) => {
    checkClient(request, config.oauthClientId, request.body.client_id);
    return signIn(context, { email: request.body.username, password: request.body.password, ip: request.ip });
  });

  app.post('/social-auth/convert-token/', {
    config: limited(),
    schema: { tags, summary: 'Sign in with a Google ID token', consumes: ['application/x-www-form-urlencoded', 'application/json'], body: socialTokenRequestSchema, response: { 200: tokenResponseSchema } },
  }, async (request) => {
    checkClient(request, config.oauthClientId, request.body.client_id);
    const identity = await verifyGoogleIdToken(config, request.body.token);
    await useIdTokenOnce(database.db, request.body.token, identity.expiresAt);
    return signInWithVerifiedEmail(context, { ...identity, ip: request.ip });
  });

  app.post('/password-reset/', {
    config: limited(),
    schema: { tags, summary: 'E-mail a password reset code', body: emailOnlySchema, response: { 200: detailSchema } },
  }, async (request) => {
    app.afterReply.run(() => requestPasswordReset(context, request.body));
    return sent;
  });

  app.post('/password-reset/validate_token/', {
    config: limited(),
    schema: { tags, summary: 'Check a password reset code without using it', body: codeConfirmSchema, response: { 200: detailSchema } },
  }, async (request) => {
    await validateResetCode(context, request.body);
    return { detail: 'The code is valid.' };
  });

  app.post('/password-reset/confirm/', {
    config: limited(),
    schema: { tags, summary: 'Set a new password with a reset code', body: passwordResetConfirmSchema, response: { 200: detailSchema } },
  }, async (request) => {
    await confirmPasswordReset(context, request.body);
    return { detail: 'Your password was changed. Sign in with the new password.' };
  });

  app.get('/media/:name', {
    schema: { tags: ['files'], summary: 'An uploaded picture', params: z.object({ name: z.string().regex(/^[0-9a-f]{32}\.(png|jpg|webp)$/) }) },
  }, async (request, reply) => {
    const mime = mimeOfMediaName(request.params.name);
    const content = await fs.readFile(path.join(mediaDir(config.dataDir), request.params.name)).catch(() => undefined);
    if (!mime || !content) throw notFound();
    return reply.type(mime).header('Cache-Control', 'public, max-age=31536000, immutable').send(content);
  });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', requireUser(database.db));
    const security = [{ bearer: [] }];

    signedIn.post('/logout/', { schema: { tags, security, summary: 'Revoke this token' } }, async (request, reply) => {
      await revokeToken({ db: database.db, tokenId: signedInUser(request).tokenId });
      return reply.status(204).send();
    });

    signedIn.put('/change-password/', {
      config: limited(),
      schema: { tags, security, summary: 'Change the password; other sessions end', body: changePasswordSchema, response: { 200: wrappedTokenResponseSchema } },
    }, async (request) => ({
      token: await changePassword(context, { user: signedInUser(request), oldPassword: request.body.old_password, newPassword: request.body.new_password }),
    }));
  });
};

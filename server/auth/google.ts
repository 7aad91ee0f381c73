import crypto from 'node:crypto';
import { lt } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { usedIdTokens } from './tables.js';

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

/**
 * Verifies a Google ID token's signature against the issuer's published keys, its issuer, audience
 * (our client id) and expiry, and answers the verified address.
 */
export async function verifyGoogleIdToken(config: Pick<Config, 'googleClientId' | 'googleJwksUrl' | 'googleIssuers'>, token: string): Promise<{ email: string; name: string; expiresAt: Date }> {
  if (!config.googleClientId) throw new AppError('social_login_disabled', 'Sign-in with Google is not enabled.');
  let keySet = keySets.get(config.googleJwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(config.googleJwksUrl));
    keySets.set(config.googleJwksUrl, keySet);
  }
  try {
    const { payload } = await jwtVerify(token, keySet, { issuer: config.googleIssuers, audience: config.googleClientId });
    if (typeof payload.email !== 'string' || payload.email_verified !== true) throw new Error('address not verified');
    const expiresAt = new Date((payload.exp ?? Math.floor(Date.now() / 1000) + 3600) * 1000);
    return { email: payload.email.toLowerCase(), name: typeof payload.name === 'string' ? payload.name : '', expiresAt };
  } catch {
    throw new AppError('invalid_social_token', 'The Google sign-in could not be verified.');
  }
}

/**
 * Accepts a verified ID token once: a token seen before (a replay of an intercepted or logged token) is refused.
 * Tokens are remembered by their hash until they expire, when their signature check refuses them anyway.
 */
export async function useIdTokenOnce(db: Db, token: string, expiresAt: Date): Promise<void> {
  await db.delete(usedIdTokens).where(lt(usedIdTokens.expiresAt, new Date()));
  const tokenHash = crypto.createHash('sha256').update(token).digest('hex');
  const [fresh] = await db.insert(usedIdTokens).values({ tokenHash, expiresAt }).onConflictDoNothing().returning({ tokenHash: usedIdTokens.tokenHash });
  if (!fresh) throw new AppError('invalid_social_token', 'This Google sign-in was already used. Sign in with Google again.');
}

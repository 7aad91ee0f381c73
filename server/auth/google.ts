import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

/**
 * Verifies a Google ID token's signature against the issuer's published keys, its issuer, audience
 * (our client id) and expiry, and answers the verified address.
 */
export async function verifyGoogleIdToken(config: Pick<Config, 'googleClientId' | 'googleJwksUrl' | 'googleIssuers'>, token: string): Promise<{ email: string; name: string }> {
  if (!config.googleClientId) throw new AppError('social_login_disabled', 'Sign-in with Google is not enabled.');
  let keySet = keySets.get(config.googleJwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(config.googleJwksUrl));
    keySets.set(config.googleJwksUrl, keySet);
  }
  try {
    const { payload } = await jwtVerify(token, keySet, { issuer: config.googleIssuers, audience: config.googleClientId });
    if (typeof payload.email !== 'string' || payload.email_verified !== true) throw new Error('address not verified');
    return { email: payload.email.toLowerCase(), name: typeof payload.name === 'string' ? payload.name : '' };
  } catch {
    throw new AppError('invalid_social_token', 'The Google sign-in could not be verified.');
  }
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { Config } from '../config.js';

/** A stand-in for Google's key endpoint: signs ID tokens for tests and serves the key that checks them. */
export interface GoogleIssuer {
  /** The settings that make an app trust this issuer. */
  config: Pick<Config, 'googleClientId' | 'googleJwksUrl' | 'googleIssuers'>;
  idToken: (claims: Record<string, unknown>, key?: CryptoKey) => Promise<string>;
  close: () => Promise<void>;
}

export async function startGoogleIssuer(): Promise<GoogleIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    config: {
      googleClientId: 'dutybook.apps.test',
      googleJwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`,
      googleIssuers: ['https://accounts.google.com'],
    },
    idToken: (claims, key = privateKey) => new SignJWT({ email: 'google.user@example.vn', email_verified: true, name: 'Google User', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).setIssuer('https://accounts.google.com').setAudience('dutybook.apps.test')
      .setIssuedAt().setExpirationTime('5m').sign(key),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

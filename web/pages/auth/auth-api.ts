import { type z } from 'zod';
import { type tokenResponseSchema, type wrappedTokenResponseSchema } from '../../../common/accounts/schemas.js';
import type { Locale } from '../../../common/i18n/locales.js';
import { apiRequest } from '../../app/api.js';
import { runtimeConfig } from '../../app/runtime-config.js';

type TokenResponse = z.infer<typeof tokenResponseSchema>;
type WrappedTokenResponse = z.infer<typeof wrappedTokenResponseSchema>;
interface Detail { detail: string }

/** The web app is a public OAuth client: its id with an empty secret, as HTTP basic auth. */
const clientAuthorization = () => `Basic ${btoa(`${runtimeConfig.oauthClientId}:`)}`;

export const requestToken = (email: string, password: string) =>
  apiRequest<TokenResponse>('/oauth/token/', {
    method: 'POST',
    headers: { Authorization: clientAuthorization() },
    body: new URLSearchParams({ username: email, password, grant_type: 'password' }),
  });

export const convertGoogleToken = (credential: string) =>
  apiRequest<TokenResponse>('/social-auth/convert-token/', {
    method: 'POST',
    headers: { Authorization: clientAuthorization() },
    body: new URLSearchParams({ grant_type: 'convert_token', backend: 'google', token: credential }),
  });

export const register = (body: { email: string; password: string; name: string; locale: Locale }) =>
  apiRequest<{ detail: string; email: string; registration: string }>('/registration/', { method: 'POST', body });

export const confirmRegistration = (email: string, token: string, registration?: string) =>
  apiRequest<WrappedTokenResponse>('/registration-confirm/', { method: 'POST', body: { email, token, registration } });

export const resendRegistrationCode = (email: string, locale: Locale, registration?: string) =>
  apiRequest<Detail>('/registration/resend/', { method: 'POST', body: { email, locale, registration } });

export const requestPasswordReset = (email: string, locale: Locale) =>
  apiRequest<Detail>('/password-reset/', { method: 'POST', body: { email, locale } });

export const validateResetCode = (email: string, token: string) =>
  apiRequest<Detail>('/password-reset/validate_token/', { method: 'POST', body: { email, token } });

export const confirmPasswordReset = (body: { email: string; token: string; password: string }) =>
  apiRequest<Detail>('/password-reset/confirm/', { method: 'POST', body });

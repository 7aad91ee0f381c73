import { z } from 'zod';

/**
 * Machine codes of every error the API answers. The web app shows `errors.<code>` from the i18n
 * catalogs and falls back to the server's `detail` text.
 */
export const errorCodes = [
  'validation_error',
  'not_authenticated',
  'permission_denied',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable_file',
  'rate_limited',
  'not_supported',
  'server_error',
  'invalid_credentials',
  'invalid_client',
  'email_not_verified',
  'email_taken',
  'invalid_code',
  'resend_too_soon',
  'wrong_password',
  'password_common',
  'password_personal',
  'last_owner',
  'social_login_disabled',
  'invalid_social_token',
  'partial_update',
  'duplicate_import',
  'import_in_use',
  'query_timeout',
  'period_outside_year',
  'period_overlaps',
  'report_embed_failed',
  'account_disabled',
  'own_account',
  'upload_quota',
  'template_not_xlsx',
  'template_in_use',
  'template_incomplete',
  'template_area',
  'template_macros',
] as const;

export type ErrorCode = (typeof errorCodes)[number] | (string & {});

/** The JSON body of every error response. */
export const apiErrorSchema = z.looseObject({
  code: z.string(),
  detail: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const httpStatusOfCode: Record<(typeof errorCodes)[number], number> = {
  validation_error: 400,
  not_authenticated: 401,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_file: 422,
  rate_limited: 429,
  not_supported: 501,
  server_error: 500,
  invalid_credentials: 400,
  invalid_client: 401,
  email_not_verified: 400,
  email_taken: 409,
  invalid_code: 400,
  resend_too_soon: 429,
  wrong_password: 400,
  password_common: 400,
  password_personal: 400,
  last_owner: 409,
  social_login_disabled: 400,
  invalid_social_token: 400,
  partial_update: 400,
  duplicate_import: 409,
  import_in_use: 409,
  query_timeout: 503,
  period_outside_year: 400,
  period_overlaps: 409,
  // The BI provider refused or did not answer a token request: a gateway's failure, not the caller's.
  report_embed_failed: 502,
  account_disabled: 403,
  own_account: 409,
  upload_quota: 429,
  template_not_xlsx: 415,
  template_in_use: 409,
  template_incomplete: 409,
  template_area: 422,
  template_macros: 415,
};

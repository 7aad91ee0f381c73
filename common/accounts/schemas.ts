import { z } from 'zod';
import { formGenerations } from '../statements/generation.js';
import { builtInLayouts, statementLayoutSchema } from '../statements/templates.js';

/** Payloads of sign-in, registration, codes, profile, companies, members and folder sets. Server and web share them. */

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email({ message: 'Enter a valid e-mail address.' }).max(254));

/** At least 8 characters with a letter and a digit; long passphrases welcome. */
export const passwordSchema = z
  .string()
  .min(8, { message: 'The password must have at least 8 characters.' })
  .max(128, { message: 'The password must have at most 128 characters.' })
  .refine((value) => /\p{L}/u.test(value) && /\p{N}/u.test(value), { message: 'The password must contain a letter and a digit.' });

export const otpSchema = z.string().trim().regex(/^\d{6}$/, { message: 'The code has 6 digits.' });

export const registrationSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1, { message: 'Enter your name.' }).max(150),
  locale: z.enum(['en', 'vi', 'ko']).optional(),
});

/** The code travels with the e-mail it was sent to: a code alone never verifies anyone. */
export const codeConfirmSchema = z.object({ email: emailSchema, token: otpSchema });
export const emailOnlySchema = z.object({ email: emailSchema, locale: z.enum(['en', 'vi', 'ko']).optional() });
/**
 * The registration a code is for, as the registration answered it: with it, a confirm accepts only that
 * registration's code and a resend mails a new code for it (never for someone else's registration of the address).
 */
const registrationIdSchema = z.uuid().optional();
export const registrationConfirmSchema = codeConfirmSchema.extend({ registration: registrationIdSchema });
export const registrationResendSchema = emailOnlySchema.extend({ registration: registrationIdSchema });
export const passwordResetConfirmSchema = codeConfirmSchema.extend({ password: passwordSchema });

/** OAuth2 password grant, form-encoded. */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1),
  password: z.string().min(1),
  client_id: z.string().optional(),
});

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

/** Registration confirm and change password answer the token wrapped, as the spec says. */
export const wrappedTokenResponseSchema = z.object({ token: tokenResponseSchema });

export const socialTokenRequestSchema = z.object({
  grant_type: z.literal('convert_token'),
  backend: z.literal('google'),
  token: z.string().min(1),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

export const changePasswordSchema = z.object({
  old_password: z.string().min(1),
  new_password: passwordSchema,
});

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();
/** A day of the calendar: `2025-02-31` and `0000-00-00` match the format but name no day, which PostgreSQL refuses. */
const isCalendarDay = (text: string) => {
  const [year = 0, month = 0, day = 0] = text.split('-').map(Number);
  const days = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return year >= 1 && day >= 1 && day <= days;
};
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the date format YYYY-MM-DD.' }).refine(isCalendarDay, { message: 'This day does not exist.' });

export const profileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(150).optional(),
  phone: optionalText(30),
  birthday: isoDate.optional().nullable(),
  sex: z.enum(['male', 'female', 'other']).optional().nullable(),
  position: optionalText(150),
  address: optionalText(300),
  bio: optionalText(2000),
  locale: z.enum(['en', 'vi', 'ko']).optional(),
}).strict();

export const companyRoles = ['owner', 'admin', 'member', 'viewer'] as const;
export const companyRoleSchema = z.enum(companyRoles);
export type CompanyRole = z.infer<typeof companyRoleSchema>;

export const userCompanySchema = z.object({
  company_slug: z.string(),
  company_name: z.string(),
  profile_picture: z.string().nullable(),
  role: companyRoleSchema,
  since: z.string(),
});

/** GET /api/clients-api/info/ */
export const userInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company_slug: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.string().nullable(),
  position: z.string().nullable(),
  address: z.string().nullable(),
  bio: z.string().nullable(),
  profile_picture: z.string().nullable(),
  locale: z.string(),
  is_admin: z.boolean(),
  has_password: z.boolean(),
  updated_on: z.string(),
  date_joined: z.string(),
  companies: z.array(userCompanySchema),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The per-table sections of a folder set, keyed as the spec names them. */
export const folderKeys = [
  'ecus', 'bom', 'begin', 'purchase', 'bom_exw', 'co', 'annex', 'statement-15', 'statement-15A',
  'acc-take-in', 'acc-take-out', 'wh-take-in', 'wh-take-out', 'acc-iob', 'wh-iob', 'acc-counting', 'wh-counting',
  'map-code', 'acc-other-output',
] as const;

/** Customs regimes a reporting period is kept under. */
export const typeCodes = ['SXXK', 'GC', 'DNCX'] as const;

/**
 * The built-in official layouts statements are exported in (Circular 39/2018); a folder set may also name a layout
 * template (`template:<id>`) its company or the platform uploaded (common/statements/templates.ts).
 */
export const statementLayouts = builtInLayouts;

export const folderSetInputSchema = z.object({
  name: z.string().trim().min(1).max(150),
  year: z.number().int().min(2000).max(2100),
  date_start: isoDate,
  date_end: isoDate,
  type_code: z.enum(typeCodes),
  folder_type: z.string().trim().max(50).optional().nullable(),
  previous_folder_slug: z.string().max(100).optional().nullable(),
  statement_layout: statementLayoutSchema.optional(),
}).refine((value) => value.date_start <= value.date_end, { message: 'The period must start before it ends.', path: ['date_end'] });

export const folderSetUpdateSchema = z.object({
  name: z.string().trim().min(1).max(150).optional(),
  year: z.number().int().min(2000).max(2100).optional(),
  date_start: isoDate.optional(),
  date_end: isoDate.optional(),
  type_code: z.enum(typeCodes).optional(),
  folder_type: z.string().trim().max(50).optional().nullable(),
  previous_folder_slug: z.string().max(100).optional().nullable(),
  statement_layout: statementLayoutSchema.optional(),
}).strict();

export const folderSetSchema = z.object({
  slug: z.string(),
  name: z.string(),
  year: z.number(),
  date_start: z.string(),
  date_end: z.string(),
  type_code: z.string(),
  folder_type: z.string().nullable(),
  /** The period before this one: its computed closing stock is this one's opening. */
  previous_folder_slug: z.string().nullable(),
  statement_layout: statementLayoutSchema,
  company_id: z.string(),
  company_name: z.string(),
  last_updated: z.string(),
  subfolders: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type FolderSet = z.infer<typeof folderSetSchema>;

/** Company settings a member with the admin role may change. */
export const companyInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: optionalText(2000),
  tax_code: optionalText(20),
  company_type: optionalText(50),
  phone_number: optionalText(30),
  country: optionalText(100),
  address: optionalText(300),
  email: z.union([emailSchema, z.literal('')]).optional().nullable(),
  contact: optionalText(150),
  representative_name: optionalText(150),
  representative_email: z.union([emailSchema, z.literal('')]).optional().nullable(),
  representative_contact: optionalText(150),
  pic_name: optionalText(150),
  pic_contact: optionalText(150),
  pic_email: z.union([emailSchema, z.literal('')]).optional().nullable(),
  form_generation: z.enum(formGenerations).nullable().optional()
    .describe("The finalization forms its reports follow: tt39 (Circular 39/2018) or tt121 (Circular 121/2025); null follows each period's end date"),
});
export const companyUpdateSchema = companyInputSchema.partial().strict();

export const companySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  created_by: z.string().nullable(),
  tax_code: z.string().nullable(),
  company_type: z.string().nullable(),
  phone_number: z.string().nullable(),
  profile_picture: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  representative_name: z.string().nullable(),
  representative_email: z.string().nullable(),
  representative_contact: z.string().nullable(),
  pic_name: z.string().nullable(),
  pic_contact: z.string().nullable(),
  pic_email: z.string().nullable(),
  form_generation: z.enum(formGenerations).nullable(),
  last_updated: z.string(),
  /** The caller's role in this company. */
  role: companyRoleSchema,
  balance_count: z.number(),
  statement_count: z.number(),
  staff_count: z.number(),
  folder_set: z.array(folderSetSchema),
});
export type Company = z.infer<typeof companySchema>;

export const memberSchema = z.object({
  user_id: z.string().nullable(),
  email: z.string(),
  name: z.string().nullable(),
  role: companyRoleSchema,
  since: z.string(),
  /** True while the invitation waits for its addressee to accept it. */
  pending: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

/** An invitation as its addressee sees it, to accept or decline. */
export const invitationSchema = z.object({
  company_slug: z.string(),
  company_name: z.string(),
  role: companyRoleSchema,
  invited_by: z.string().nullable(),
  created_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const memberInviteSchema = z.object({ email: emailSchema, role: companyRoleSchema });
export const memberRoleSchema = z.object({ role: companyRoleSchema });

export const detailSchema = z.object({ detail: z.string() });

import { z } from 'zod';
import { hsDigits } from '../hs/code.js';
import { type FieldDefinition, type ResourceDefinition, systemFields } from './define.js';
import { isCalendarDate } from '../text/calendar.js';

/**
 * Payload schemas derived from a resource definition; the server checks requests with them and the web
 * checks its forms with the same ones before sending.
 */

/** The texts of field errors. The web shows `table.validation.<key>` for the one it receives. */
export const fieldMessages = {
  required: 'This field is required.',
  text: 'Enter text.',
  tooLong: 'The text is too long.',
  codeAsText: 'Send codes as text so that leading zeros are kept.',
  decimal: 'Enter a number such as 1234.5.',
  integer: 'Enter a whole number.',
  date: 'Enter a date as YYYY-MM-DD.',
  choice: 'Choose one of the listed values.',
  negative: 'Enter zero or more.',
  hsCode: 'Enter an HS code of 2 to 10 digits, such as 8516.60.10.',
} as const;

export type FieldMessageKey = keyof typeof fieldMessages;

export const fieldMessageKey = (message: string): FieldMessageKey | undefined =>
  (Object.keys(fieldMessages) as FieldMessageKey[]).find((key) => fieldMessages[key] === message);

const decimalPattern = /^[-+]?\d{1,20}(\.\d{1,10})?$/;

/** '+0012.50' → '12.50': what PostgreSQL's numeric would store, kept as text. */
const canonicalDecimal = (value: string) => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = value.replace(/^[-+]/, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  return `${negative && /[1-9]/.test(digits + (fraction ?? '')) ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}`;
};

/** The value of one field as stored: text, a decimal string, an integer, a date string, or null when empty. */
export type FieldValue = string | number | null;

/** Checks and normalises one field value; `''` and null both mean "empty". */
export function fieldValueSchema(definition: FieldDefinition): z.ZodType<FieldValue> {
  const empty = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return z.unknown().transform((value, context): FieldValue => {
    if (empty(value)) {
      if (definition.required) context.addIssue({ code: 'custom', message: fieldMessages.required });
      return null;
    }
    const fail = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    switch (definition.kind) {
      case 'text':
      case 'code': {
        if (typeof value === 'number' && definition.kind === 'code') return fail(fieldMessages.codeAsText);
        if (typeof value !== 'string') return fail(fieldMessages.text);
        const trimmed = value.trim();
        if (definition.hsCode) {
          const digits = hsDigits(trimmed);
          return digits ?? fail(fieldMessages.hsCode);
        }
        if (trimmed.length > (definition.maxLength ?? 255)) return fail(fieldMessages.tooLong);
        return trimmed;
      }
      case 'decimal': {
        const textValue = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
        if (!decimalPattern.test(textValue)) return fail(fieldMessages.decimal);
        if (definition.nonNegative && textValue.startsWith('-') && Number(textValue) !== 0) return fail(fieldMessages.negative);
        return canonicalDecimal(textValue);
      }
      case 'integer': {
        const number = typeof value === 'string' && /^[-+]?\d{1,10}$/.test(value.trim()) ? Number(value) : value;
        if (typeof number !== 'number' || !Number.isSafeInteger(number) || Math.abs(number) > 2_147_483_647) return fail(fieldMessages.integer);
        if (definition.nonNegative && number < 0) return fail(fieldMessages.negative);
        return number;
      }
      case 'date': {
        if (typeof value !== 'string' || !isCalendarDate(value.trim())) return fail(fieldMessages.date);
        return value.trim();
      }
      case 'choice': {
        if (typeof value !== 'string' || !definition.choices?.includes(value.trim())) return fail(fieldMessages.choice);
        return value.trim();
      }
    }
  }) as unknown as z.ZodType<FieldValue>;
}

const slug = z.string().trim().min(1).max(100);
export const companyScopeSchema = z.object({ company_slug: slug });
export const folderScopeSchema = z.object({ company_slug: slug, folder_slug: slug });

/** The fields of a new row, with the company and folder set it belongs to; unknown keys are refused. */
export function createRowSchema(resource: ResourceDefinition) {
  const shape = Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, fieldValueSchema(definition).optional()]));
  const required = Object.entries(resource.fields).filter(([, definition]) => definition.required).map(([name]) => name);
  return folderScopeSchema.extend(shape).strict().superRefine((row, context) => {
    for (const name of required) {
      if ((row as Record<string, unknown>)[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: fieldMessages.required });
    }
  });
}

/** Some fields of an existing row; a required field may be changed but not emptied. */
export function updateRowSchema(resource: ResourceDefinition) {
  const shape = Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, fieldValueSchema(definition).optional()]));
  return z.object(shape).strict();
}

/** A row as the API answers it. */
export type Row = { id: number; created_at: string; updated_at: string; import_record_id: number | null; extra: Record<string, unknown> | null } & Record<string, FieldValue>;

export const readOnlyFields: readonly string[] = systemFields;

/** The list envelope of every table. */
export interface Page<T> {
  count: number;
  /** True when `count` stopped at its cap (a search, or filters expected to match few): there are more matches than it says. */
  count_capped?: boolean;
  /** True when `count` is the database's estimate: a large list without a search is not counted row by row. */
  count_estimated?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const maxPageSize = 500;
export const defaultPageSize = 25;

/**
 * Filter suffixes of the list query: `field` equals, `field__gte` / `field__lte` at least / at most (both: between),
 * `field__in` one of (comma-separated), `field__contains` / `field__startswith` for text and codes (accents and case
 * ignored), `field__empty=true|false`.
 */
export const filterOperators = ['eq', 'gte', 'lte', 'in', 'contains', 'startswith', 'empty'] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** `code__in` → ['code', 'in']; `code` → ['code', 'eq']. */
export function splitFilterKey(key: string): [string, FilterOperator] {
  const match = /^(.+)__(gte|lte|in|contains|startswith|empty)$/.exec(key);
  return match ? [match[1]!, match[2] as FilterOperator] : [key, 'eq'];
}

import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { type Catalog, flattenCatalog, type Locale, locales } from '../../common/i18n/locales.js';
import { ApiError } from '../app/api.js';
import { useErrorText } from '../app/session/error-text.js';
import { type ImportRecord, refusalLimit, refusalReason } from './import-api.js';
import type { LabelCatalogs } from './import-fields.js';
import { scopeProblem } from './import-payload.js';
import { dateParts, failureMessage } from './record-view.js';

/** A problem the wizard finds before asking the server; its message is already in the reader's language. */
export class LocalProblem extends Error {}

/**
 * What went wrong with an import call, in the reader's language: a problem found before the call, a
 * refused file by its reason, the codes of the import API, then the shared error texts. Field
 * messages of a refused setup follow.
 */
export function useImportErrorText(): (error: unknown) => string {
  const intl = useIntl();
  const errorText = useErrorText();
  return useCallback((error: unknown) => {
    if (error instanceof LocalProblem) return error.message;
    const known = (id: string) => intl.messages[id] !== undefined;
    if (error instanceof ApiError) {
      const reason = refusalReason(error);
      if (error.code === 'unprocessable_file' && reason && known(`imports.errors.reasons.${reason}`)) {
        return intl.formatMessage({ id: `imports.errors.reasons.${reason}` }, { limit: refusalLimit(error) ?? '' });
      }
      if (known(`imports.errors.${error.code}`)) {
        // A refusal that names its limits (a day's upload quota) gives them in the answer beside its code.
        const values = Object.fromEntries(Object.entries(error.body).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
        const title = intl.formatMessage({ id: `imports.errors.${error.code}` }, values);
        // The server says which later data holds on to the import; that is the reason to show.
        return error.code === 'import_in_use' && error.message ? `${title} ${error.message}` : title;
      }
    }
    const text = errorText(error);
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const lines = Object.entries(error.fields).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
      return [text, ...lines].join('\n');
    }
    return text;
  }, [intl, errorText]);
}

/** Why an import cannot be made in the session's scope yet (no company, no folder set), or null. */
export function useScopeProblemText(): (companySlug: string | null, folderSlug: string | null) => string | null {
  const intl = useIntl();
  return useCallback((companySlug, folderSlug) => {
    const problem = scopeProblem(companySlug, folderSlug);
    return problem ? intl.formatMessage({ id: `imports.scope.${problem}` }) : null;
  }, [intl]);
}

/** Why an import failed, in the reader's language when the server gave a known code; its English traceback otherwise. */
export function useFailureText(): (record: Pick<ImportRecord, 'failure' | 'traceback'>) => string | null {
  const intl = useIntl();
  return useCallback((record) => {
    const message = record.failure && failureMessage(record.failure);
    return message && intl.messages[message.id] !== undefined ? intl.formatMessage({ id: message.id }, message.values) : record.traceback;
  }, [intl]);
}

const catalogLoaders: Record<Locale, () => Promise<{ default: Catalog }>> = {
  en: () => import('../../common/i18n/en.json'),
  vi: () => import('../../common/i18n/vi.json'),
  ko: () => import('../../common/i18n/ko.json'),
};

async function loadLabelCatalogs(): Promise<LabelCatalogs> {
  const loaded = await Promise.all(locales.map(async (locale) => {
    const flat = flattenCatalog((await catalogLoaders[locale]()).default);
    return [locale, Object.fromEntries(Object.entries(flat).filter(([key]) => key.startsWith('fields.')))] as const;
  }));
  return Object.fromEntries(loaded);
}

/**
 * The field labels of all three languages, so that a Korean sheet is matched while the reader works
 * in Vietnamese. Each catalog is the chunk the language switcher loads; a failure only weakens matching.
 */
export function useLabelCatalogs(): LabelCatalogs | undefined {
  const query = useQuery({ queryKey: ['imports', 'label-catalogs'], queryFn: loadLabelCatalogs, staleTime: Infinity, gcTime: Infinity, retry: 1 });
  return query.data ?? (query.isError ? {} : undefined);
}

/** A record's date in the reader's language: a calendar day as a day, an instant with its time. */
export function useWhen(): (value: string | null | undefined) => string {
  const intl = useIntl();
  return useCallback((value) => {
    const parts = value ? dateParts(value) : null;
    if (!parts) return value ?? '—';
    return parts.dateOnly
      ? intl.formatDate(parts.time, { dateStyle: 'medium', timeZone: 'UTC' })
      : intl.formatDate(parts.time, { dateStyle: 'medium', timeStyle: 'short' });
  }, [intl]);
}

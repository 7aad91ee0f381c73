import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../api.js';

/** What went wrong, in the reader's language: `errors.<code>` when the catalog has it, else the server's text. */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback((error: unknown) => {
    if (!(error instanceof ApiError)) return intl.formatMessage({ id: 'errors.unknown' });
    if (error.code === 'server') return intl.formatMessage({ id: 'errors.server' }, { status: error.status });
    const id = `errors.${error.code}`;
    if (intl.messages[id] !== undefined) return intl.formatMessage({ id });
    return error.message || intl.formatMessage({ id: 'errors.unknown' });
  }, [intl]);
}

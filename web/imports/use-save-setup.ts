import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { ApiError } from '../app/api.js';
import { useSession } from '../app/session/SessionProvider.js';
import type { SheetHeaders } from './header-match.js';
import { type ImportMode, saveSetup } from './import-api.js';
import { setupBody } from './import-payload.js';
import type { ImportMapping } from './use-import-mapping.js';
import { LocalProblem, useImportErrorText, useScopeProblemText } from './use-import-text.js';

/**
 * Saving the mapping as the company's setup of this table, which the mapping step asks for before
 * Next. A refusal is shown at the step, with the reasons of the fields the mapping names.
 */
export function useSaveSetup({ resource, mode, headers, mapping, onSaved }: {
  resource: ResourceDefinition;
  mode: ImportMode;
  headers: SheetHeaders | null;
  mapping: ImportMapping;
  onSaved: (setupKey: string | null) => void;
}) {
  const intl = useIntl();
  const importErrorText = useImportErrorText();
  const scopeProblemText = useScopeProblemText();
  const { companySlug, folderSlug } = useSession();
  const [error, setError] = useState<{ text: string; fields: Record<string, string> } | null>(null);
  const sources = mapping.mapping?.sources;

  const setup = useMutation({
    mutationFn: async () => {
      const problem = scopeProblemText(companySlug, folderSlug);
      if (problem) throw new LocalProblem(problem);
      if (!sources || !headers || !companySlug) throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.noTitle' }));
      await saveSetup(resource, mode, setupBody(companySlug, sources, headers, mapping.knownConstants()));
      return mapping.setupKey;
    },
    onMutate: () => setError(null),
    onSuccess: (key) => onSaved(key),
    onError: (failure) => {
      const fields = failure instanceof ApiError
        ? Object.fromEntries(Object.entries(failure.fields).filter(([name]) => name in (sources ?? {})).map(([name, messages]) => [name, messages.join(' ')]))
        : {};
      setError({ text: importErrorText(failure), fields });
    },
  });

  return {
    /** Saves the mapping; `then` runs once the server has it. */
    save: (then?: () => void) => setup.mutate(undefined, { onSuccess: () => then?.() }),
    pending: setup.isPending,
    error,
    clearError: () => setError(null),
  };
}

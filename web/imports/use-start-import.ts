import type { DecimalMark } from '../../common/imports/coerce.js';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useSession } from '../app/session/SessionProvider.js';
import type { HeaderRange } from './cell-range.js';
import type { SheetHeaders } from './header-match.js';
import { duplicateOf, type ImportMode, type ImportRecord, saveSetup, startImport, type UploadAnswer } from './import-api.js';
import { extraFieldValues, type ImportRequest, mappingPayload, type OnDuplicate, setupBody } from './import-payload.js';
import type { ImportMapping } from './use-import-mapping.js';
import { LocalProblem, useImportErrorText, useScopeProblemText } from './use-import-text.js';

/**
 * Submitting the import: the one-value fields checked, remembered with the mapping, then the import
 * queued. A file imported before asks first whether to add its rows again or replace them
 * (`duplicate`); the answer submits again with that choice.
 */
export function useStartImport({ resource, mode, upload, sheet, range, headers, mapping, decimalMark, onStarted }: {
  resource: ResourceDefinition;
  mode: ImportMode;
  upload: UploadAnswer | null;
  sheet: string;
  range: HeaderRange | null;
  headers: SheetHeaders | null;
  mapping: ImportMapping;
  /** The decimal mark chosen for numbers the file cannot tell. */
  decimalMark: DecimalMark | null;
  onStarted: (record: ImportRecord) => void;
}) {
  const intl = useIntl();
  const importErrorText = useImportErrorText();
  const scopeProblemText = useScopeProblemText();
  const { companySlug, folderSlug } = useSession();
  const [keepPosting, setKeepPosting] = useState(false);
  const [extraProblems, setExtraProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<{ date: string | undefined; request: ImportRequest } | null>(null);
  const { fields, oneValueFields } = mapping;

  const submit = useMutation({
    mutationFn: async (onDuplicate: OnDuplicate | undefined) => {
      if (!upload || !headers || !range) throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.noTitle' }));
      const problem = scopeProblemText(companySlug, folderSlug);
      const shown = mapping.mapping;
      if (problem || !companySlug || !folderSlug || !shown) throw new LocalProblem(problem ?? '');
      const extra = extraFieldValues(oneValueFields, shown.constants);
      if (!extra.ok) {
        setExtraProblems(Object.fromEntries(Object.entries(extra.problems).map(([name, key]) => {
          const field = fields.find((candidate) => candidate.name === name);
          return [name, intl.formatMessage({ id: `table.validation.${key}` }, { max: field?.maxLength ?? 255 })];
        })));
        throw new LocalProblem(intl.formatMessage({ id: 'imports.extra.fixValues' }));
      }
      setExtraProblems({});
      // The one-value fields are remembered with the mapping, ready for the next file of this kind.
      if (oneValueFields.length > 0) await saveSetup(resource, mode, setupBody(companySlug, shown.sources, headers, extra.values));
      const request: ImportRequest = {
        uploadId: upload.upload_id, companySlug, folderSlug, sheetName: sheet, range,
        mapping: mappingPayload(shown.sources, headers), extraFields: extra.values, keepPosting, onDuplicate, decimalMark,
      };
      try {
        return await startImport(resource, mode, request);
      } catch (failure) {
        const earlier = duplicateOf(failure);
        if (earlier) {
          setDuplicate({ date: earlier.date, request });
          return null;
        }
        throw failure;
      }
    },
    onMutate: () => setError(null),
    onSuccess: (record) => { if (record) onStarted(record); },
    onError: (failure) => setError(importErrorText(failure)),
  });

  return {
    submit: (onDuplicate?: OnDuplicate) => submit.mutate(onDuplicate),
    pending: submit.isPending,
    error,
    clearError: () => setError(null),
    keepPosting,
    setKeepPosting,
    extraProblems,
    clearExtraProblem: (field: string) => setExtraProblems(({ [field]: _removed, ...rest }) => rest),
    /** The earlier import of the same file, while the user decides. */
    duplicate,
    answerDuplicate: (onDuplicate: OnDuplicate | null) => {
      setDuplicate(null);
      if (onDuplicate) submit.mutate(onDuplicate);
    },
  };
}

export type StartImport = ReturnType<typeof useStartImport>;

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import type { HeaderRange } from './cell-range.js';
import { previewQuery } from './HeaderStep.js';
import type { SheetHeaders } from './header-match.js';
import { fixedColumns, type ImportMode, importTargetOf, type UploadAnswer } from './import-api.js';
import { importFieldsOf, labelKeyOf, matchFieldsOf, readFixedColumns } from './import-fields.js';
import { constantFields, extraFieldValues, initialMapping } from './import-payload.js';
import { LocalProblem, useLabelCatalogs } from './use-import-text.js';
import type { MappingState } from './wizard-flow.js';

/**
 * The mapping of the sheet's columns to the table's fields: the fields the server imports, the
 * mapping proposed from the header names and the company's last setup, or the user's own once
 * they changed it (`edited`) for this sheet, header and mode.
 */
export function useImportMapping({ resource, mode, companySlug, upload, sheet, range, headers, edited, withSamples }: {
  resource: ResourceDefinition;
  mode: ImportMode;
  companySlug: string | null;
  upload: UploadAnswer | null;
  sheet: string;
  range: HeaderRange | null;
  headers: SheetHeaders | null;
  edited: MappingState | null;
  /** The first values under the header are read only once the mapping step shows them. */
  withSamples: boolean;
}) {
  const intl = useIntl();
  const catalogs = useLabelCatalogs();
  const target = importTargetOf(resource, mode);

  const fixed = useQuery({
    queryKey: ['imports', 'fixed-columns', resource.family, resource.name, mode, companySlug],
    queryFn: async ({ signal }) => {
      const answer = readFixedColumns(await fixedColumns(resource, mode, companySlug ?? '', signal));
      if (!answer) throw new LocalProblem(intl.formatMessage({ id: 'imports.mapping.notObject' }));
      return answer;
    },
    // Read from the first step on, which lists the columns a sheet needs before one is chosen.
    enabled: companySlug !== null,
    staleTime: 0,
  });
  const fields = useMemo(() => (fixed.data ? importFieldsOf(fixed.data, target) : []), [fixed.data, target]);
  const sampleRows = useQuery({
    ...previewQuery(upload?.upload_id ?? '', sheet, (range?.headerTo ?? 0) + 1),
    enabled: upload !== null && range !== null && withSamples,
  });

  const mappingKey = headers && fixed.data ? JSON.stringify([mode, sheet, range, headers]) : null;
  const initial = useMemo(() => {
    if (!mappingKey || !headers || !fixed.data || !catalogs) return null;
    return { key: mappingKey, ...initialMapping(fields, matchFieldsOf(fixed.data, target, catalogs), headers, fixed.data.last_setup) };
  }, [mappingKey, headers, fixed.data, catalogs, fields, target]);
  const mapping = edited !== null && edited.key === mappingKey ? edited : initial;
  const oneValueFields = mapping ? constantFields(fields, mapping.sources) : [];

  return {
    fixed,
    fields,
    mapping,
    /** Names the mapping a setup is saved for: a changed source needs saving again. */
    setupKey: mapping ? JSON.stringify([mapping.key, mapping.sources]) : null,
    /** Fields that take one value for every row, entered in the last step. */
    oneValueFields,
    /** The first value under the header in each column, to recognise it by. */
    samples: (columns: readonly string[]) => Object.fromEntries(columns.map((column) => [
      column, sampleRows.data?.rows.map((row) => row.cells[column] ?? '').find((text) => text.trim() !== '') ?? '',
    ])),
    fieldLabel: (name: string) => {
      const key = labelKeyOf(name, fixed.data?.fields[name], target.fields[name]);
      return intl.messages[key] !== undefined ? intl.formatMessage({ id: key }) : fixed.data?.fields[name]?.label ?? name;
    },
    /** Values of the one-value fields that are already valid, so the saved setup remembers them. */
    knownConstants: () => {
      if (!mapping) return {};
      return Object.fromEntries(oneValueFields.flatMap((field) => {
        const parsed = extraFieldValues([field], mapping.constants);
        return parsed.ok ? Object.entries(parsed.values) : [];
      }));
    },
  };
}

export type ImportMapping = ReturnType<typeof useImportMapping>;

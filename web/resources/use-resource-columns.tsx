import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { formatCode } from '../../common/hs/code.js';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/define.js';
import { formatBusinessDay } from '../app/i18n/dates.js';
import { EditCell } from './EditCell.js';
import { type CellValue, fractionDigits } from './field-values.js';
import type { ResourceLabels } from './labels.js';
import type { ResourceRow } from './resource-api.js';

const columnWidth = (definition: FieldDefinition) => {
  switch (definition.kind) {
    case 'decimal': return 140;
    case 'integer': return 100;
    case 'date': return 124;
    case 'choice': return 180;
    case 'code': return (definition.maxLength ?? 255) <= 20 ? 110 : 150;
    default: return (definition.maxLength ?? 255) > 255 ? 300 : 200;
  }
};

/** A stored value in the reader's locale: grouped numbers at their stored precision, date-only values in UTC. */
function formatCell(intl: IntlShape, labels: ResourceLabels, field: string, definition: FieldDefinition, value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // HS codes are stored as digits and read as the tariff prints them.
  if (definition.hsCode) return formatCode(String(value));
  switch (definition.kind) {
    case 'decimal': {
      const text = String(value);
      const number = Number(text);
      return Number.isFinite(number) ? intl.formatNumber(number, { maximumFractionDigits: fractionDigits(text) }) : text;
    }
    case 'integer':
      return intl.formatNumber(Number(value), { useGrouping: false });
    case 'date':
      return formatBusinessDay(intl, String(value));
    case 'choice':
      return labels.choice(field, String(value));
    default:
      return String(value);
  }
}

/** The grid's columns of a table: one per field, sized by kind and label, formatted for the reader, editable in place when allowed. */
export function useResourceColumns(resource: ResourceDefinition, labels: ResourceLabels, editable: boolean): GridColDef<ResourceRow>[] {
  const intl = useIntl();
  return useMemo<GridColDef<ResourceRow>[]>(() => Object.entries(resource.fields).map(([name, definition]) => {
    const numeric = definition.kind === 'decimal' || definition.kind === 'integer';
    const label = labels.field(name);
    return {
      field: name,
      headerName: label,
      description: label,
      width: Math.max(columnWidth(definition), Math.min(label.length * 8 + 60, 280)),
      align: numeric ? 'right' : 'left',
      headerAlign: numeric ? 'right' : 'left',
      editable,
      filterable: false,
      valueFormatter: (value: CellValue | undefined) => formatCell(intl, labels, name, definition, value),
      renderEditCell: (params) => <EditCell params={params} definition={definition} choiceLabel={(value) => labels.choice(name, value)} />,
    } satisfies GridColDef<ResourceRow>;
  }), [resource, labels, intl, editable]);
}

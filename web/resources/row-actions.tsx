import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import type { ComponentType, ReactElement } from 'react';
import { DeclaredBeforeDialog } from '../precedents/DeclaredBeforeDialog.js';
import type { ResourceRow } from './resource-api.js';

/** An action on one row of a table beyond editing it: a button in the row that opens its dialog. */
export interface RowAction {
  id: string;
  /** The catalog key of its label, also the button's accessible name. */
  labelId: string;
  icon: ReactElement;
  Dialog: ComponentType<{ row: ResourceRow; companySlug: string; onClose: () => void }>;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The row actions of the tables that have some, by resource name: a declaration line's classification precedents. */
export const rowActions: Partial<Record<string, readonly RowAction[]>> = {
  ecus: [{
    id: 'declared-before',
    labelId: 'precedents.row.action',
    icon: <HistoryOutlined fontSize="small" />,
    Dialog: ({ row, companySlug, onClose }) => (
      <DeclaredBeforeDialog line={{ code: text(row.code), item_name: text(row.item_name), hs: text(row.hs) }} companySlug={companySlug} onClose={onClose} />
    ),
  }],
};

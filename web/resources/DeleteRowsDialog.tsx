import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../app/ConfirmDialog.js';
import type { RowDeletion } from './use-row-deletion.js';

/** The question before a delete, naming how many rows of which table go. */
export function DeleteRowsDialog({ deletion, table }: { deletion: RowDeletion; table: string }) {
  const { confirming } = deletion;
  return (
    <ConfirmDialog
      open={confirming !== null}
      title={confirming === null ? '' : confirming.kind === 'selected'
        ? <FormattedMessage id="table.delete.selectedTitle" values={{ count: confirming.ids.length, precision: 'exact', table }} />
        : <FormattedMessage id={confirming.kind === 'all' ? 'table.delete.allTitle' : 'table.delete.selectedTitle'} values={{ count: confirming.count, precision: confirming.precision, table }} />}
      text={<FormattedMessage id={confirming?.kind === 'all' ? 'table.delete.allText' : 'table.delete.selectedText'} />}
      confirmLabel={<FormattedMessage id="table.delete.confirm" />}
      pending={deletion.pending}
      onConfirm={deletion.confirm}
      onClose={deletion.cancel}
    />
  );
}

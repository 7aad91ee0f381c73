import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { RowSelection } from './use-row-selection.js';

/**
 * What is selected and what can be done with it. A whole page ticked offers every matching row;
 * bulk edit works on ticked rows only.
 */
export function SelectionBar({ selection, count, rowsOnPage, canUpdate, canDelete, onBulkEdit, onDelete }: {
  selection: RowSelection;
  /** The rows matching the view. */
  count: number;
  rowsOnPage: number;
  canUpdate: boolean;
  canDelete: boolean;
  onBulkEdit: () => void;
  onDelete: () => void;
}) {
  const selectedCount = selection.allMatching ? count : selection.ids.length;
  const morePages = selection.allOnPage && count > rowsOnPage;
  return (
    <Alert
      severity="info"
      icon={false}
      sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
      data-testid="selection-bar"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {selection.allMatching
            ? <FormattedMessage id="table.selection.allMatching" values={{ count }} />
            : <FormattedMessage id={morePages ? 'table.selection.page' : 'table.selection.count'} values={{ count: selection.ids.length }} />}
        </Typography>
        {!selection.allMatching && morePages && canDelete && (
          <Link component="button" variant="body2" onClick={selection.selectAllMatching} data-testid="select-all-matching">
            <FormattedMessage id="table.selection.selectAllMatching" values={{ count }} />
          </Link>
        )}
        <Link component="button" variant="body2" onClick={selection.clear}>
          <FormattedMessage id="table.selection.clear" />
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {canUpdate && !selection.allMatching && (
          <Button size="small" startIcon={<EditOutlined />} onClick={onBulkEdit} data-testid="bulk-edit">
            <FormattedMessage id="table.bulkEdit.button" />
          </Button>
        )}
        {canDelete && (
          <Button size="small" color="error" variant="outlined" startIcon={<DeleteOutlined />} onClick={onDelete} data-testid="delete-selected">
            <FormattedMessage id="table.delete.selected" values={{ count: selectedCount }} />
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

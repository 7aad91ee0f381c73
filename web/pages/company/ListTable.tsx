import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A compact table of the company's members or folder sets, with an actions column for those who manage them. */
export function ListTable({ labelId, columnIds, actions, children }: { labelId: string; columnIds: string[]; actions: boolean; children: ReactNode }) {
  const intl = useIntl();
  return (
    <TableContainer>
      <Table size="small" aria-label={intl.formatMessage({ id: labelId })}>
        <TableHead>
          <TableRow>
            {columnIds.map((id) => <TableCell key={id}><FormattedMessage id={id} /></TableCell>)}
            {actions && <TableCell align="right"><FormattedMessage id="company.actions" /></TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** An icon button of a row: the tooltip says the action, the accessible name also says on what. */
export function RowAction({ title, label, icon, onClick }: { title: string; label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={title}>
      <IconButton onClick={onClick} aria-label={label}>{icon}</IconButton>
    </Tooltip>
  );
}

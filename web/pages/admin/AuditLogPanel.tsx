import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { type AuditAction, auditActions, type AuditEvent } from '../../../common/admin/schemas.js';
import { DateField } from '../../app/i18n/DateField.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useWhen } from '../../imports/use-import-text.js';
import { useDebounced } from '../../resources/use-debounced.js';
import { ListTable } from '../company/ListTable.js';
import { adminQueryKey, type AuditFilters, listAuditEvents } from './admin-api.js';
import { AdminPager } from './AdminLayout.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';

const noFilters: AuditFilters = { action: '', search: '', from: '', to: '' };
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A catalog text when the catalog has it, the value itself otherwise (a table or role this version does not know). */
const known = (intl: IntlShape, id: string, fallback: string, values?: Record<string, string | number>) =>
  (intl.messages[id] !== undefined ? intl.formatMessage({ id }, values) : fallback);

/** What an event's details say, worded for its action; the details are the server's record, not free text. */
function detailsText(intl: IntlShape, event: AuditEvent): string {
  const details = event.details as Record<string, string | number | boolean | null | undefined>;
  const text = (key: string) => (details[key] === undefined || details[key] === null ? '' : String(details[key]));
  const role = (key: string) => known(intl, `company.roles.${text(key)}`, text(key));
  const parts: string[] = [];
  switch (event.action) {
    case 'sign_in':
      parts.push(known(intl, `admin.audit.methods.${text('method')}`, text('method')));
      break;
    case 'sign_in_failed':
      parts.push(known(intl, `errors.${text('reason')}`, text('reason')));
      break;
    case 'member_role_changed':
      parts.push(intl.formatMessage({ id: 'admin.audit.details.roleChange' }, { from: role('from'), to: role('to') }));
      if (details.pending) parts.push(intl.formatMessage({ id: 'admin.audit.details.invitation' }));
      break;
    case 'member_removed':
      parts.push(role('role'));
      if (details.pending) parts.push(intl.formatMessage({ id: 'admin.audit.details.invitation' }));
      if (details.left) parts.push(intl.formatMessage({ id: 'admin.audit.details.left' }));
      break;
    case 'import_started':
    case 'import_rolled_back':
      parts.push(known(intl, `resources.${text('table')}`, text('table')), intl.formatMessage({ id: 'admin.audit.details.folderSet' }, { folderSet: text('folder_set_name') || text('folder_set') }));
      if (details.retry_of) parts.push(intl.formatMessage({ id: 'admin.audit.details.retry' }, { id: text('retry_of') }));
      break;
    case 'folder_set_deleted':
      parts.push(intl.formatMessage({ id: 'admin.audit.details.period' }, { start: formatBusinessDay(intl, text('date_start')), end: formatBusinessDay(intl, text('date_end')) }));
      break;
    case 'sessions_reset':
      parts.push(intl.formatMessage({ id: 'admin.audit.details.sessions' }, { count: Number(details.sessions ?? 0) }));
      break;
    case 'lookup_load_started':
      parts.push(known(intl, `admin.lookup.kinds.${text('kind')}`, text('kind')));
      if (details.year) parts.push(text('year'));
      break;
    case 'statement_template_changed':
      parts.push(known(intl, `admin.audit.details.templateChange.${text('change')}`, text('change'), { form: text('form').toUpperCase() }));
      break;
    case 'question_answered':
    case 'question_reopened':
      parts.push(intl.formatMessage({ id: 'admin.audit.details.question' }, { id: text('question') }));
      break;
    default:
      break;
  }
  if (details.ip) parts.push(intl.formatMessage({ id: 'admin.audit.details.ip' }, { ip: text('ip') }));
  return parts.join(' · ');
}

/** The audit log newest first, by action, by a text in its subject or actor's address, and by days. */
export function AuditLogPanel() {
  const intl = useIntl();
  const when = useWhen();
  const errorText = useErrorText();
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const [page, setPage] = useState(0);
  const search = useDebounced(filters.search.trim(), 300);
  // A day still being typed does not filter yet.
  const applied: AuditFilters = { action: filters.action, search, from: isDay(filters.from) ? filters.from : '', to: isDay(filters.to) ? filters.to : '' };
  const events = useQuery({ queryKey: adminQueryKey('audit', JSON.stringify(applied), page), queryFn: () => listAuditEvents(applied, page), placeholderData: keepPreviousData });
  const change = (next: Partial<AuditFilters>) => { setFilters((current) => ({ ...current, ...next })); setPage(0); };
  const actionLabel = (action: AuditAction) => intl.formatMessage({ id: `admin.audit.actions.${action}` });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField select size="small" value={filters.action} onChange={(event) => change({ action: event.target.value as AuditAction | '' })}
          label={<FormattedMessage id="admin.audit.action" />} sx={{ minWidth: 220 }} data-testid="audit-action"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value=""><FormattedMessage id="admin.audit.allActions" /></MenuItem>
          {auditActions.map((action) => <MenuItem key={action} value={action}>{actionLabel(action)}</MenuItem>)}
        </TextField>
        <TextField size="small" value={filters.search} onChange={(event) => change({ search: event.target.value })} label={<FormattedMessage id="admin.audit.search" />}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> } }} sx={{ minWidth: 260 }} data-testid="audit-search" />
        <DateField size="small" value={filters.from} onChange={(from) => change({ from })} label={<FormattedMessage id="admin.audit.from" />} />
        <DateField size="small" value={filters.to} onChange={(to) => change({ to })} label={<FormattedMessage id="admin.audit.to" />} />
        <Button onClick={() => change(noFilters)} disabled={JSON.stringify(filters) === JSON.stringify(noFilters)} sx={{ height: 40, whiteSpace: 'nowrap', flexShrink: 0 }}>
          <FormattedMessage id="admin.audit.clear" />
        </Button>
      </Stack>
      {events.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {events.isError && <Alert severity="error">{errorText(events.error)}</Alert>}
      {events.data?.count === 0 && <Typography color="text.secondary"><FormattedMessage id="admin.audit.none" /></Typography>}
      <ListTable labelId="admin.tabs.auditLog" columnIds={['at', 'action', 'actor', 'company', 'subject', 'details'].map((column) => `admin.audit.columns.${column}`)} actions={false}>
        {events.data?.results.map((event) => (
          <TableRow key={event.id} data-event={event.action}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(event.at)}</TableCell>
            <TableCell>{actionLabel(event.action)}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{event.actor_email ?? '—'}</TableCell>
            <TableCell>{event.company_name ?? '—'}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 280 }}>{event.subject}</TableCell>
            <TableCell><Typography variant="body2" color="text.secondary">{detailsText(intl, event)}</Typography></TableCell>
          </TableRow>
        ))}
      </ListTable>
      <AdminPager count={events.data?.count ?? 0} page={page} onPageChange={setPage} />
    </Stack>
  );
}

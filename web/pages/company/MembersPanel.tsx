import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { type Company, type CompanyRole, companyRoles, type Member, memberInviteSchema } from '../../../common/accounts/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { companyQueryKey, userInfoQueryKey } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { canManage, changeMemberRole, inviteMember, listMembers, membersQueryKey, removeMember } from './company-api.js';
import { ConfirmDialog } from '../../app/ConfirmDialog.js';
import { ListTable, RowAction } from './ListTable.js';

function RoleSelect({ value, onChange, label, disabled }: { value: CompanyRole; onChange: (role: CompanyRole) => void; label: string; disabled?: boolean }) {
  return (
    <TextField select size="small" value={value} onChange={(event) => onChange(event.target.value as CompanyRole)} label={label} disabled={disabled} sx={{ minWidth: 140 }}>
      {companyRoles.map((role) => <MenuItem key={role} value={role}><FormattedMessage id={`company.roles.${role}`} /></MenuItem>)}
    </TextField>
  );
}

/** Who works in the company and with which role; owners and admins invite, change roles and remove. */
export function MembersPanel({ company }: { company: Company }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const manage = canManage(company.role);
  const members = useQuery({ queryKey: membersQueryKey(company.slug), queryFn: () => listMembers(company.slug) });
  const [removing, setRemoving] = useState<Member | null>(null);

  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: membersQueryKey(company.slug) }),
    queryClient.invalidateQueries({ queryKey: companyQueryKey(company.slug), exact: true }),
    // The caller may have changed their own role.
    queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  ]);
  const onError = (error: unknown) => snackbar.error(errorText(error));

  const invite = useApiForm({
    initial: { email: '', role: 'member' },
    toPayload: (values) => ({ email: values.email.trim(), role: values.role as CompanyRole }),
    schema: memberInviteSchema,
    messageIds: { email: 'auth.validation.email' },
    submit: (body) => inviteMember(company.slug, body),
    onSuccess: async (member) => {
      invite.setValues({ email: '', role: member.role });
      snackbar.success(intl.formatMessage({ id: 'company.members.invited' }, { email: member.email }));
      await refresh();
    },
  });
  const changeRole = useMutation({
    mutationFn: ({ email, role }: { email: string; role: CompanyRole }) => changeMemberRole(company.slug, email, role),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (email: string) => removeMember(company.slug, email),
    onSuccess: async () => { setRemoving(null); await refresh(); },
    onError: (error) => { setRemoving(null); onError(error); },
  });

  return (
    <Stack spacing={3}>
      {manage && (
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} onSubmit={invite.onSubmit} noValidate sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField {...invite.field('email')} size="small" type="email" label={<FormattedMessage id="company.members.email" />} sx={{ flexGrow: 1 }} />
          <RoleSelect value={invite.values.role as CompanyRole} onChange={(role) => invite.setValue('role', role)} label={intl.formatMessage({ id: 'company.members.role' })} />
          <Button type="submit" variant="contained" startIcon={<PersonAddAlt1Outlined />} loading={invite.submitting} sx={{ height: 40 }}>
            <FormattedMessage id="company.members.invite" />
          </Button>
        </Stack>
      )}
      {invite.formError && <Alert severity="error">{invite.formError}</Alert>}
      {members.isError && <Alert severity="error">{errorText(members.error)}</Alert>}
      <ListTable
        labelId="company.tabs.members"
        columnIds={['member', 'role', 'since'].map((column) => `company.members.${column}`)}
        actions={manage}
      >
        {members.data?.results.map((member) => (
          <TableRow key={member.email} hover>
            <TableCell>
              <Typography sx={{ fontWeight: 500 }}>{member.name ?? member.email}</Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {member.name && <Typography variant="body2" color="text.secondary">{member.email}</Typography>}
                {member.pending && <Chip size="small" color="warning" variant="outlined" label={<FormattedMessage id="company.members.pending" />} />}
              </Stack>
            </TableCell>
            <TableCell>
              {manage ? (
                <RoleSelect
                  value={member.role}
                  onChange={(role) => changeRole.mutate({ email: member.email, role })}
                  label={intl.formatMessage({ id: 'company.members.roleOf' }, { email: member.email })}
                  disabled={changeRole.isPending}
                />
              ) : <FormattedMessage id={`company.roles.${member.role}`} />}
            </TableCell>
            <TableCell><FormattedDate value={member.since} dateStyle="medium" /></TableCell>
            {manage && (
              <TableCell align="right">
                <RowAction
                  title={intl.formatMessage({ id: 'company.members.remove' })}
                  label={intl.formatMessage({ id: 'company.members.removeOf' }, { email: member.email })}
                  icon={<DeleteOutlined />}
                  onClick={() => setRemoving(member)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </ListTable>
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="company.members.removeTitle" />}
        text={<FormattedMessage id="company.members.removeText" values={{ email: removing?.email ?? '', company: company.name }} />}
        confirmLabel={<FormattedMessage id="company.members.remove" />}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.email)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

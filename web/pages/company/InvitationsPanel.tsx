import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Invitation } from '../../../common/accounts/schemas.js';
import { useErrorText } from '../../app/session/error-text.js';
import { userInfoQueryKey, useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { acceptInvitation, declineInvitation, invitationsQueryKey, listMyInvitations } from './company-api.js';

/** Invitations to other companies, which join the user to them only when accepted; nothing shows when there are none. */
export function InvitationsPanel() {
  const invitations = useQuery({ queryKey: invitationsQueryKey, queryFn: listMyInvitations });
  const results = invitations.data?.results ?? [];
  if (results.length === 0) return null;
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.main' }}>
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}><FormattedMessage id="company.invitations.title" /></Typography>
        <Stack spacing={1.5}>
          {results.map((invitation) => <InvitationRow key={invitation.company_slug} invitation={invitation} />)}
        </Stack>
      </CardContent>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const { selectCompany } = useSession();
  const values = {
    inviter: invitation.invited_by,
    company: <strong>{invitation.company_name}</strong>,
    role: intl.formatMessage({ id: `company.roles.${invitation.role}` }),
  };
  const answer = useMutation({
    mutationFn: async (accept: boolean) => { await (accept ? acceptInvitation(invitation.company_slug) : declineInvitation(invitation.company_slug)); },
    onSuccess: async (_result, accept) => {
      snackbar.success(intl.formatMessage({ id: accept ? 'company.invitations.accepted' : 'company.invitations.declined' }, { company: invitation.company_name }));
      await Promise.all([queryClient.invalidateQueries({ queryKey: invitationsQueryKey }), queryClient.invalidateQueries({ queryKey: userInfoQueryKey })]);
      if (accept) selectCompany(invitation.company_slug);
    },
    onError: (error) => snackbar.error(errorText(error)),
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Typography sx={{ flexGrow: 1 }}>
        <FormattedMessage id={invitation.invited_by ? 'company.invitations.text' : 'company.invitations.textNoInviter'} values={values} />
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" loading={answer.isPending && answer.variables} onClick={() => answer.mutate(true)}>
          <FormattedMessage id="company.invitations.accept" />
        </Button>
        <Button variant="outlined" loading={answer.isPending && !answer.variables} onClick={() => answer.mutate(false)}>
          <FormattedMessage id="company.invitations.decline" />
        </Button>
      </Stack>
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { emailOnlySchema } from '../../../common/accounts/schemas.js';
import { useConfig } from '../../app/config/ConfigProvider.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { requestPasswordReset } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { pendingEmail } from './pending-auth.js';

export function ForgotPage() {
  usePageMeta('auth.forgot.pageTitle');
  const { locale } = useConfig().config;
  const navigate = useNavigate();
  const form = useApiForm({
    initial: { email: '' },
    toPayload: (values) => ({ email: values.email.trim(), locale }),
    schema: emailOnlySchema,
    messageIds: { email: 'auth.validation.email' },
    submit: ({ email }) => requestPasswordReset(email, locale),
    onSuccess: (_answer, values) => {
      pendingEmail.set(values.email.trim().toLowerCase());
      void navigate('/check-mail');
    },
  });

  return (
    <AuthCard
      titleId="auth.forgot.title"
      subtitle={<FormattedMessage id="auth.forgot.subtitle" />}
      onSubmit={form.onSubmit}
      footer={<Link component={RouterLink} to="/login"><FormattedMessage id="auth.backToLogin" /></Link>}
    >
      <TextField {...form.field('email')} label={<FormattedMessage id="auth.email" />} type="email" autoComplete="email" autoFocus fullWidth required />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.submitting} fullWidth>
        <FormattedMessage id="auth.forgot.submit" />
      </Button>
    </AuthCard>
  );
}

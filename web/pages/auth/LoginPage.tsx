import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '../../../common/accounts/schemas.js';
import { ApiError } from '../../app/api.js';
import { useConfig } from '../../app/config/ConfigProvider.js';
import { usePageMeta } from '../../app/page-effects.js';
import { runtimeConfig } from '../../app/runtime-config.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { requestToken, resendRegistrationCode } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { GoogleSignIn } from './GoogleSignIn.js';
import { PasswordField } from './PasswordField.js';
import { pendingEmail, pendingRegistration } from './pending-auth.js';

const loginSchema = z.object({ email: emailSchema, password: z.string().min(1) });

export function LoginPage() {
  usePageMeta('auth.login.pageTitle');
  const { signIn } = useSession();
  const { locale } = useConfig().config;
  const navigate = useNavigate();
  const form = useApiForm({
    initial: { email: '', password: '' },
    toPayload: (values) => ({ email: values.email.trim(), password: values.password }),
    schema: loginSchema,
    messageIds: { email: 'auth.validation.email', password: 'auth.validation.required' },
    submit: async ({ email, password }) => {
      const token = await requestToken(email, password);
      await signIn(token.access_token);
    },
    onError: (error, values) => {
      if (!(error instanceof ApiError && error.code === 'email_not_verified')) return false;
      // An account that never entered its code gets a fresh one and goes to the code screen.
      const email = values.email.trim().toLowerCase();
      pendingEmail.set(email);
      pendingRegistration.set(undefined);
      void resendRegistrationCode(email, locale).catch(() => undefined);
      void navigate('/verify');
      return true;
    },
  });

  return (
    <AuthCard
      titleId="auth.login.title"
      subtitle={<FormattedMessage id="auth.login.subtitle" />}
      onSubmit={form.onSubmit}
      footer={(
        <>
          <Link component={RouterLink} to="/forgot"><FormattedMessage id="auth.login.forgot" /></Link>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="auth.login.noAccount" />{' '}
            <Link component={RouterLink} to="/register"><FormattedMessage id="auth.login.register" /></Link>
          </Typography>
        </>
      )}
    >
      <TextField {...form.field('email')} label={<FormattedMessage id="auth.email" />} type="email" autoComplete="username" autoFocus fullWidth required />
      <PasswordField {...form.field('password')} label={<FormattedMessage id="auth.password" />} autoComplete="current-password" required />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.submitting} fullWidth>
        <FormattedMessage id="auth.login.submit" />
      </Button>
      {runtimeConfig.googleClientId && (
        <>
          <Divider><Typography variant="body2" color="text.secondary"><FormattedMessage id="auth.or" /></Typography></Divider>
          <GoogleSignIn />
        </>
      )}
    </AuthCard>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { passwordResetConfirmSchema } from '../../../common/accounts/schemas.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { confirmPasswordReset } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { PasswordField } from './PasswordField.js';
import { forgetPendingAuth, pendingEmail, verifiedResetCode } from './pending-auth.js';

/** The new password, once the code from the forgot-password mail has been verified. */
export function ResetPasswordPage() {
  const email = pendingEmail.get();
  const code = verifiedResetCode.get();
  if (!email || !code) return <Navigate to="/forgot" replace />;
  return <ResetForm email={email} code={code} />;
}

function ResetForm({ email, code }: { email: string; code: string }) {
  usePageMeta('auth.reset.pageTitle');
  const intl = useIntl();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const form = useApiForm({
    initial: { password: '', repeat: '' },
    toPayload: (values) => ({ email, token: code, password: values.password }),
    schema: passwordResetConfirmSchema,
    messageIds: { password: 'auth.validation.password' },
    check: (values) => (values.repeat === values.password ? null : { repeat: 'auth.validation.passwordMismatch' }),
    submit: confirmPasswordReset,
    onSuccess: () => {
      forgetPendingAuth();
      snackbar.success(intl.formatMessage({ id: 'auth.reset.done' }));
      void navigate('/login', { replace: true });
    },
  });

  return (
    <AuthCard
      titleId="auth.reset.title"
      subtitle={<FormattedMessage id="auth.reset.subtitle" />}
      onSubmit={form.onSubmit}
      footer={<Link component={RouterLink} to="/login"><FormattedMessage id="auth.backToLogin" /></Link>}
    >
      <PasswordField
        {...form.field('password')}
        label={<FormattedMessage id="auth.newPassword" />}
        autoComplete="new-password"
        autoFocus
        required
        helperText={form.fieldErrors.password ?? <FormattedMessage id="auth.passwordRule" />}
      />
      <PasswordField {...form.field('repeat')} label={<FormattedMessage id="auth.repeatPassword" />} autoComplete="new-password" required />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.submitting} fullWidth>
        <FormattedMessage id="auth.reset.submit" />
      </Button>
    </AuthCard>
  );
}

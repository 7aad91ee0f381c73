import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { registrationSchema } from '../../../common/accounts/schemas.js';
import { useConfig } from '../../app/config/ConfigProvider.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { register } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { PasswordField } from './PasswordField.js';
import { pendingEmail, pendingRegistration } from './pending-auth.js';

export function RegisterPage() {
  usePageMeta('auth.register.pageTitle');
  const { locale } = useConfig().config;
  const navigate = useNavigate();
  const form = useApiForm({
    initial: { name: '', email: '', password: '', repeat: '' },
    toPayload: (values) => ({ name: values.name.trim(), email: values.email.trim(), password: values.password, locale }),
    schema: registrationSchema,
    messageIds: { name: 'auth.validation.name', email: 'auth.validation.email', password: 'auth.validation.password' },
    check: (values) => (values.repeat === values.password ? null : { repeat: 'auth.validation.passwordMismatch' }),
    submit: register,
    onSuccess: (answer) => {
      pendingEmail.set(answer.email);
      pendingRegistration.set(answer.registration);
      void navigate('/verify');
    },
  });

  return (
    <AuthCard
      titleId="auth.register.title"
      subtitle={<FormattedMessage id="auth.register.subtitle" />}
      onSubmit={form.onSubmit}
      footer={(
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="auth.register.haveAccount" />{' '}
          <Link component={RouterLink} to="/login"><FormattedMessage id="auth.register.login" /></Link>
        </Typography>
      )}
    >
      <TextField {...form.field('name')} label={<FormattedMessage id="auth.name" />} autoComplete="name" autoFocus fullWidth required />
      <TextField {...form.field('email')} label={<FormattedMessage id="auth.email" />} type="email" autoComplete="email" fullWidth required />
      <PasswordField
        {...form.field('password')}
        label={<FormattedMessage id="auth.password" />}
        autoComplete="new-password"
        required
        helperText={form.fieldErrors.password ?? <FormattedMessage id="auth.passwordRule" />}
      />
      <PasswordField {...form.field('repeat')} label={<FormattedMessage id="auth.repeatPassword" />} autoComplete="new-password" required />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.submitting} fullWidth>
        <FormattedMessage id="auth.register.submit" />
      </Button>
    </AuthCard>
  );
}

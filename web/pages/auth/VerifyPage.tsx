import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { otpSchema } from '../../../common/accounts/schemas.js';
import { useConfig } from '../../app/config/ConfigProvider.js';
import { usePageMeta } from '../../app/page-effects.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { confirmRegistration, requestPasswordReset, resendRegistrationCode, validateResetCode } from './auth-api.js';
import { AuthCard } from './AuthCard.js';
import { useCountdown } from './countdown.js';
import { maskEmail } from './mask-email.js';
import { forgetPendingAuth, pendingEmail, pendingRegistration, verifiedResetCode } from './pending-auth.js';

/** The spec's resend countdown, in seconds. */
const RESEND_COUNTDOWN = 10;
/** Long enough to read the success line before the reset form replaces it. */
const REDIRECT_DELAY_MS = 1500;

const codeSchema = z.object({ token: otpSchema });

/** The six-digit code screen, after registration (`register`) and after a forgotten password (`reset`). */
export function VerifyPage({ purpose }: { purpose: 'register' | 'reset' }) {
  const email = pendingEmail.get();
  if (!email) return <Navigate to="/login" replace />;
  return <CodeForm key={email} purpose={purpose} email={email} />;
}

function CodeForm({ purpose, email }: { purpose: 'register' | 'reset'; email: string }) {
  usePageMeta('auth.verify.pageTitle');
  const intl = useIntl();
  const { locale } = useConfig().config;
  const { signIn } = useSession();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const countdown = useCountdown(RESEND_COUNTDOWN);
  const [verified, setVerified] = useState(false);

  const form = useApiForm({
    initial: { token: '' },
    toPayload: (values) => ({ token: values.token }),
    check: (values) => (values.token === '' ? { token: 'auth.verify.enterOtp' } : null),
    schema: codeSchema,
    messageIds: { token: 'auth.validation.otp' },
    submit: async ({ token }) => {
      if (purpose === 'reset') {
        await validateResetCode(email, token);
        return;
      }
      const answer = await confirmRegistration(email, token, pendingRegistration.get());
      await signIn(answer.token.access_token);
      forgetPendingAuth();
    },
    onSuccess: (_result, values) => {
      if (purpose !== 'reset') return;
      verifiedResetCode.set(values.token);
      setVerified(true);
    },
  });

  useEffect(() => {
    if (!verified) return;
    const timer = window.setTimeout(() => void navigate('/reset-password', { replace: true }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate]);

  const resend = useMutation({
    mutationFn: () => (purpose === 'reset' ? requestPasswordReset(email, locale) : resendRegistrationCode(email, locale, pendingRegistration.get())),
    onSuccess: () => {
      countdown.restart();
      snackbar.success(intl.formatMessage({ id: 'auth.verify.resent' }));
    },
    onError: (error) => snackbar.error(errorText(error)),
  });

  return (
    <AuthCard
      titleId="auth.verify.title"
      subtitle={<FormattedMessage id="auth.verify.subtitle" />}
      onSubmit={form.onSubmit}
      footer={<Link component={RouterLink} to="/login"><FormattedMessage id="auth.backToLogin" /></Link>}
    >
      <Typography sx={{ textAlign: 'center' }}>
        <FormattedMessage id="auth.verify.sentTo" values={{ email: <strong>{maskEmail(email)}</strong> }} />
      </Typography>
      <TextField
        {...form.field('token')}
        onChange={(event) => form.setValue('token', event.target.value.replace(/\D/g, '').slice(0, 6))}
        helperText={form.fieldErrors.token ?? form.formError}
        error={form.fieldErrors.token !== undefined || form.formError !== null}
        label={<FormattedMessage id="auth.verify.code" />}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        disabled={verified}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'otp-input', style: { textAlign: 'center', letterSpacing: '0.6em', fontSize: 24, fontVariantNumeric: 'tabular-nums' } } }}
      />
      {verified && <Alert severity="success"><FormattedMessage id="auth.verify.verified" /></Alert>}
      <Button type="submit" variant="contained" size="large" loading={form.submitting} disabled={verified} fullWidth>
        <FormattedMessage id="auth.verify.continue" />
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        <FormattedMessage id="auth.verify.notReceived" />{' '}
        <Button
          size="small"
          onClick={() => resend.mutate()}
          disabled={countdown.left > 0 || verified}
          loading={resend.isPending}
          sx={{ verticalAlign: 'baseline' }}
        >
          {countdown.left > 0
            ? <FormattedMessage id="auth.verify.resendIn" values={{ seconds: countdown.left }} />
            : <FormattedMessage id="auth.verify.resend" />}
        </Button>
      </Typography>
    </AuthCard>
  );
}

import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, Navigate } from 'react-router';
import { usePageMeta } from '../../app/page-effects.js';
import { AuthCard } from './AuthCard.js';
import { maskEmail } from './mask-email.js';
import { pendingEmail } from './pending-auth.js';

/** After a reset request: says where the code went, then leads to the code screen. */
export function CheckMailPage() {
  usePageMeta('auth.checkMail.pageTitle');
  const email = pendingEmail.get();
  if (!email) return <Navigate to="/login" replace />;
  return (
    <AuthCard
      titleId="auth.checkMail.title"
      subtitle={<FormattedMessage id="auth.checkMail.text" values={{ email: maskEmail(email) }} />}
      footer={<Link component={RouterLink} to="/forgot"><FormattedMessage id="auth.checkMail.otherAddress" /></Link>}
    >
      <Typography component="div" sx={{ textAlign: 'center' }}>
        <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56 }} />
      </Typography>
      <Button component={RouterLink} to="/forgot/verify" variant="contained" size="large" fullWidth>
        <FormattedMessage id="auth.checkMail.enterCode" />
      </Button>
    </AuthCard>
  );
}

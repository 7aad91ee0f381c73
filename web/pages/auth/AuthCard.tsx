import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** The frame of every sign-in screen: a centred card with a title, a line under it, the form and links. */
export function AuthCard({ titleId, subtitle, onSubmit, children, footer }: {
  titleId: string;
  subtitle?: ReactNode;
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, md: 6 } }}>
      <Card sx={{ width: '100%', maxWidth: 460 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
            <Box component="img" src="favicon.svg" alt="" sx={{ width: 44, height: 44 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              <FormattedMessage id={titleId} />
            </Typography>
            {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
          </Stack>
          <Stack component={onSubmit ? 'form' : 'div'} spacing={2} onSubmit={onSubmit} noValidate>
            {children}
          </Stack>
          {footer && (
            <Stack spacing={1} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
              {footer}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changePasswordSchema, profileUpdateSchema, type UserInfo, type wrappedTokenResponseSchema } from '../../../common/accounts/schemas.js';
import type { z } from 'zod';
import { apiRequest } from '../../app/api.js';
import { initialsOf } from '../../app/layout/initials.js';
import { usePageMeta } from '../../app/page-effects.js';
import { DateField } from '../../app/i18n/DateField.js';
import { useErrorText } from '../../app/session/error-text.js';
import { userInfoQueryKey, useSession } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { PasswordField } from '../auth/PasswordField.js';
import { PictureInput } from './PictureInput.js';

const sexes = ['male', 'female', 'other'] as const;
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Sends a chosen picture as multipart, then the fields as JSON: each request has one plain meaning. */
async function saveProfile(fields: z.infer<typeof profileUpdateSchema>, picture: File | null): Promise<UserInfo> {
  if (picture) {
    const body = new FormData();
    body.set('profile_picture', picture);
    await apiRequest<UserInfo>('/update-profile/', { method: 'PATCH', body });
  }
  return apiRequest<UserInfo>('/update-profile/', { method: 'PATCH', body: fields });
}

export function AccountPage() {
  usePageMeta('account.pageTitle');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Stack spacing={3} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <div>
        <Typography variant="h4" component="h1"><FormattedMessage id="account.title" /></Typography>
        <Typography color="text.secondary"><FormattedMessage id="account.subtitle" /></Typography>
      </div>
      <ProfileForm key={user.updated_on} user={user} />
      <ChangePasswordForm email={user.email} />
    </Stack>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [picture, setPicture] = useState<File | null>(null);
  const form = useApiForm({
    initial: {
      name: user.name,
      phone: user.phone ?? '',
      birthday: user.birthday ?? '',
      sex: user.sex ?? '',
      position: user.position ?? '',
      address: user.address ?? '',
      bio: user.bio ?? '',
    },
    toPayload: (values) => ({
      name: values.name.trim(),
      phone: textOrNull(values.phone),
      birthday: textOrNull(values.birthday),
      sex: (textOrNull(values.sex) as (typeof sexes)[number] | null),
      position: textOrNull(values.position),
      address: textOrNull(values.address),
      bio: textOrNull(values.bio),
    }),
    schema: profileUpdateSchema,
    messageIds: { name: 'auth.validation.name', birthday: 'account.validation.date' },
    submit: (fields) => saveProfile(fields, picture),
    onSuccess: (saved) => {
      setPicture(null);
      queryClient.setQueryData(userInfoQueryKey, saved);
      snackbar.success(intl.formatMessage({ id: 'account.saved' }));
    },
  });

  return (
    <Card component="form" onSubmit={form.onSubmit} noValidate aria-labelledby="profile-title">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" id="profile-title" sx={{ mb: 2 }}><FormattedMessage id="account.profile" /></Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 3 }}>
            <PictureInput current={user.profile_picture} fallback={initialsOf(user.name)} file={picture} onChange={setPicture} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.field('name')} label={<FormattedMessage id="auth.name" />} autoComplete="name" fullWidth required />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField name="email" value={user.email} label={<FormattedMessage id="auth.email" />} fullWidth slotProps={{ input: { readOnly: true } }} helperText={<FormattedMessage id="account.emailReadOnly" />} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.field('phone')} label={<FormattedMessage id="account.phone" />} type="tel" autoComplete="tel" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <DateField {...form.dateField('birthday')} label={<FormattedMessage id="account.birthday" />} size="medium" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 3 }}>
                <TextField {...form.field('sex')} select label={<FormattedMessage id="account.sex" />} fullWidth>
                  <MenuItem value=""><em><FormattedMessage id="account.sexUnset" /></em></MenuItem>
                  {sexes.map((sex) => <MenuItem key={sex} value={sex}><FormattedMessage id={`account.sexes.${sex}`} /></MenuItem>)}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.field('position')} label={<FormattedMessage id="account.position" />} autoComplete="organization-title" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField {...form.field('address')} label={<FormattedMessage id="account.address" />} autoComplete="street-address" fullWidth />
              </Grid>
              <Grid size={12}>
                <TextField {...form.field('bio')} label={<FormattedMessage id="account.bio" />} multiline minRows={3} fullWidth />
              </Grid>
            </Grid>
          </Grid>
        </Grid>
        {form.formError && <Alert severity="error" sx={{ mt: 2 }}>{form.formError}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={form.submitting}><FormattedMessage id="account.save" /></Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function ChangePasswordForm({ email }: { email: string }) {
  const intl = useIntl();
  const snackbar = useSnackbar();
  const errorText = useErrorText();
  const { replaceToken } = useSession();
  const form = useApiForm({
    initial: { old_password: '', new_password: '', repeat: '' },
    toPayload: (values) => ({ old_password: values.old_password, new_password: values.new_password }),
    schema: changePasswordSchema,
    messageIds: { old_password: 'auth.validation.required', new_password: 'auth.validation.password' },
    check: (values) => (values.repeat === values.new_password ? null : { repeat: 'auth.validation.passwordMismatch' }),
    submit: (body) => apiRequest<z.infer<typeof wrappedTokenResponseSchema>>('/change-password/', { method: 'PUT', body }),
    onSuccess: (answer) => {
      // The server revokes the old token: the new one keeps this session going.
      replaceToken(answer.token.access_token);
      form.setValues({ old_password: '', new_password: '', repeat: '' });
      snackbar.success(intl.formatMessage({ id: 'account.password.updated' }));
    },
    // The spec shows a failed change in an error snackbar; field errors still go under their inputs.
    onError: (error) => {
      snackbar.error(errorText(error));
      return false;
    },
  });

  return (
    <Card component="form" onSubmit={form.onSubmit} noValidate aria-labelledby="password-title">
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" id="password-title"><FormattedMessage id="account.password.title" /></Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}><FormattedMessage id="auth.passwordRule" /></Typography>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4 }}>
            <PasswordField {...form.field('old_password')} label={<FormattedMessage id="account.password.old" />} autoComplete="current-password" required />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PasswordField {...form.field('new_password')} label={<FormattedMessage id="auth.newPassword" />} autoComplete="new-password" required />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <PasswordField {...form.field('repeat')} label={<FormattedMessage id="auth.repeatPassword" />} autoComplete="new-password" required />
          </Grid>
        </Grid>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" loading={form.submitting}><FormattedMessage id="account.password.submit" /></Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

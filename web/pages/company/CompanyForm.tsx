import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type Company, companyInputSchema, companyUpdateSchema } from '../../../common/accounts/schemas.js';
import { formGenerations } from '../../../common/statements/generation.js';
import { companyInitialsOf } from '../../app/layout/initials.js';
import { companyQueryKey, userInfoQueryKey, useSession } from '../../app/session/SessionProvider.js';
import { useApiForm } from '../../app/session/use-api-form.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { PictureInput } from '../account/PictureInput.js';
import { canManage, createCompany, updateCompany } from './company-api.js';

const generalFields = ['name', 'tax_code', 'company_type', 'country', 'address', 'phone_number', 'email', 'contact'] as const;
const representativeFields = ['representative_name', 'representative_email', 'representative_contact'] as const;
const picFields = ['pic_name', 'pic_email', 'pic_contact'] as const;
const allFields = [...generalFields, 'description', ...representativeFields, ...picFields, 'form_generation'] as const;
type CompanyField = (typeof allFields)[number];
type CompanyValues = Record<CompanyField, string>;

const emailFields = new Set<CompanyField>(['email', 'representative_email', 'pic_email']);
const messageIds = { name: 'company.validation.name', email: 'auth.validation.email', representative_email: 'auth.validation.email', pic_email: 'auth.validation.email' };

const valuesOf = (company?: Company): CompanyValues =>
  Object.fromEntries(allFields.map((field) => [field, company?.[field] ?? ''])) as CompanyValues;

/** Empty inputs clear a setting (null); the name is required and never null. */
const payloadOf = (values: CompanyValues) => {
  const payload: Record<string, string | null> = {};
  for (const field of allFields) payload[field] = values[field].trim() === '' ? null : values[field].trim();
  return { ...payload, name: values.name.trim() };
};

type FormApi = ReturnType<typeof useApiForm<CompanyValues, ReturnType<typeof payloadOf>, Company>>;

function Fields({ form, fields, readOnly }: { form: FormApi; fields: readonly CompanyField[]; readOnly: boolean }) {
  return (
    <Grid container spacing={2}>
      {fields.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: field === 'description' ? 12 : 6, md: fields.length === 3 ? 4 : undefined }}>
          <TextField
            {...form.field(field)}
            label={<FormattedMessage id={`company.fields.${field}`} />}
            type={emailFields.has(field) ? 'email' : 'text'}
            required={field === 'name'}
            multiline={field === 'description'}
            minRows={field === 'description' ? 3 : undefined}
            fullWidth
            slotProps={{ input: { readOnly } }}
          />
        </Grid>
      ))}
    </Grid>
  );
}

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Stack spacing={2} component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}><FormattedMessage id={titleId} /></Typography>
      {children}
    </Stack>
  );
}

/** A new company: the caller becomes its owner and it starts with a folder set for this year. */
export function CreateCompanyForm({ onCreated, onCancel }: { onCreated?: () => void; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const { selectCompany } = useSession();
  const snackbar = useSnackbar();
  const intl = useIntl();
  const form = useApiForm({
    initial: valuesOf(),
    toPayload: payloadOf,
    schema: companyInputSchema,
    messageIds,
    submit: createCompany,
    onSuccess: async (created) => {
      queryClient.setQueryData(companyQueryKey(created.slug), created);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      selectCompany(created.slug);
      snackbar.success(intl.formatMessage({ id: 'company.created' }, { name: created.name }));
      onCreated?.();
    },
  });
  return (
    <Stack component="form" spacing={3} onSubmit={form.onSubmit} noValidate>
      <Fields form={form} fields={generalFields} readOnly={false} />
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}><FormattedMessage id="company.cancel" /></Button>}
        <Button type="submit" variant="contained" loading={form.submitting}><FormattedMessage id="company.create" /></Button>
      </Stack>
    </Stack>
  );
}

/** The company's settings; owners and admins edit them, everyone else reads them. */
export function CompanySettingsForm({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const intl = useIntl();
  const editable = canManage(company.role);
  const [picture, setPicture] = useState<File | null>(null);
  const form = useApiForm({
    initial: valuesOf(company),
    toPayload: payloadOf,
    schema: companyUpdateSchema,
    messageIds,
    submit: (fields) => updateCompany(company.slug, fields, picture),
    onSuccess: async (saved) => {
      setPicture(null);
      queryClient.setQueryData(companyQueryKey(saved.slug), saved);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      snackbar.success(intl.formatMessage({ id: 'company.saved' }));
    },
  });
  return (
    <Stack component="form" spacing={4} onSubmit={form.onSubmit} noValidate>
      {!editable && <Alert severity="info"><FormattedMessage id="company.readOnly" /></Alert>}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 3 }}>
          <PictureInput current={company.profile_picture} fallback={companyInitialsOf(company.name)} file={picture} onChange={setPicture} disabled={!editable} variant="rounded" />
        </Grid>
        <Grid size={{ xs: 12, md: 9 }}>
          <Section titleId="company.sections.general">
            <Fields form={form} fields={[...generalFields, 'description']} readOnly={!editable} />
          </Section>
        </Grid>
      </Grid>
      <Section titleId="company.sections.representative">
        <Fields form={form} fields={representativeFields} readOnly={!editable} />
      </Section>
      <Section titleId="company.sections.pic">
        <Fields form={form} fields={picFields} readOnly={!editable} />
      </Section>
      <Section titleId="company.formGeneration.label">
        <TextField
          {...form.field('form_generation')}
          select
          label={<FormattedMessage id="company.formGeneration.label" />}
          helperText={<FormattedMessage id="company.formGeneration.hint" />}
          slotProps={{ input: { readOnly: !editable }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ maxWidth: 520 }}
          data-testid="company-form-generation"
        >
          {['', ...formGenerations].map((generation) => (
            <MenuItem key={generation} value={generation}><FormattedMessage id={`company.formGeneration.${generation || 'auto'}`} /></MenuItem>
          ))}
        </TextField>
      </Section>
      {form.formError && <Alert severity="error">{form.formError}</Alert>}
      {editable && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={form.submitting}><FormattedMessage id="company.save" /></Button>
        </Stack>
      )}
    </Stack>
  );
}

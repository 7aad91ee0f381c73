import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { contactFileExtensions, contactFileMaxBytes, hasAllowedExtension } from '../../../common/lookup/schemas.js';
import { ApiError, apiRequest } from '../../app/api.js';

/** How long the success message stays, as the spec says. */
export const sentMessageMs = 3000;

type Field = 'name' | 'email' | 'question' | 'file';
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The file's content as base64, without the data-URL prefix. */
const readBase64 = (file: File) => new Promise<string>((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
  reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
  reader.readAsDataURL(file);
});

/**
 * The floating question form for visitors: name, e-mail, question and an optional attachment. It stays mounted while
 * closed so that a visitor who closes it finds what they typed.
 */
export function ContactForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const [values, setValues] = useState({ name: '', email: '', question: '' });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; reason: string }>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status.kind !== 'sent') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), sentMessageMs);
    return () => clearTimeout(timer);
  }, [status.kind]);

  const text = (id: string) => intl.formatMessage({ id });
  const change = (field: keyof typeof values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (picked && !hasAllowedExtension(picked.name)) return setErrors((current) => ({ ...current, file: text('contact.badType') }));
    if (picked && picked.size > contactFileMaxBytes) return setErrors((current) => ({ ...current, file: text('contact.tooLarge') }));
    setErrors((current) => ({ ...current, file: undefined }));
    setFile(picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) found.name = text('contact.required');
    if (!values.email.trim()) found.email = text('contact.required');
    else if (!emailPattern.test(values.email.trim())) found.email = text('contact.invalidEmail');
    if (!values.question.trim()) found.question = text('contact.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setStatus({ kind: 'sending' });
    try {
      const attachment = file ? { fileName: file.name, fileType: file.type || 'application/octet-stream', file: await readBase64(file) } : {};
      await apiRequest('/lookup/contact/', { method: 'POST', body: { name: values.name.trim(), email: values.email.trim(), question: values.question.trim(), ...attachment } });
      setValues({ name: '', email: '', question: '' });
      setFile(null);
      setStatus({ kind: 'sent' });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'unknown';
      // A photo is checked by its content on the server: one that is not what its name says is the file's fault, said beside it.
      if (code === 'unsupported_media_type' && error instanceof ApiError && error.fields.file) {
        setErrors((current) => ({ ...current, file: text('contact.notPicture') }));
        setStatus({ kind: 'idle' });
        return;
      }
      const reason = intl.messages[`errors.${code}`] ? text(`errors.${code}`) : text('errors.unknown');
      setStatus({ kind: 'failed', reason });
    }
  };

  if (!open) return null;
  return (
    <Paper
      component="form" noValidate onSubmit={(event) => void submit(event)} elevation={8} role="dialog" aria-labelledby="contact-title"
      sx={{ position: 'fixed', right: { xs: 8, sm: 24 }, bottom: { xs: 8, sm: 24 }, width: { xs: 'calc(100vw - 16px)', sm: 380 }, p: 2, zIndex: 1200, maxHeight: '90vh', overflowY: 'auto' }}
      data-testid="contact-form"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <Typography id="contact-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}><FormattedMessage id="contact.title" /></Typography>
          <IconButton onClick={onClose} aria-label={text('contact.close')}><Close /></IconButton>
        </Stack>
        <Typography variant="body2" color="text.secondary"><FormattedMessage id="contact.intro" /></Typography>
        <TextField label={text('contact.name')} value={values.name} onChange={change('name')} required error={!!errors.name} helperText={errors.name} name="name" autoComplete="name" autoFocus />
        <TextField label={text('contact.email')} value={values.email} onChange={change('email')} required error={!!errors.email} helperText={errors.email} name="email" type="email" autoComplete="email" />
        <TextField label={text('contact.question')} value={values.question} onChange={change('question')} required error={!!errors.question} helperText={errors.question} name="question" multiline minRows={3} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" size="small" startIcon={<AttachFile />} onClick={() => fileInput.current?.click()}><FormattedMessage id="contact.attach" /></Button>
          <input ref={fileInput} type="file" hidden accept={contactFileExtensions.join(',')} onChange={pickFile} data-testid="contact-file" />
          {file && (
            <Typography variant="body2" noWrap sx={{ flexGrow: 1 }}>
              {file.name}
              <IconButton size="small" onClick={() => setFile(null)} aria-label={text('contact.removeFile')}><Close fontSize="small" /></IconButton>
            </Typography>
          )}
        </Stack>
        <Typography variant="caption" color={errors.file ? 'error' : 'text.secondary'}>{errors.file ?? text('contact.attachHint')}</Typography>
        {status.kind === 'sent' && <Alert severity="success" data-testid="contact-sent"><FormattedMessage id="contact.sent" /></Alert>}
        {status.kind === 'failed' && <Alert severity="error"><FormattedMessage id="contact.failed" values={{ reason: status.reason }} /></Alert>}
        <Button type="submit" variant="contained" loading={status.kind === 'sending'}><FormattedMessage id="contact.send" /></Button>
      </Stack>
    </Paper>
  );
}

import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type GoodsLine, shippingDocumentFields, type ShippingDocumentKind } from '../../../common/lookup/shipping-documents.js';
import { usePageMeta } from '../../app/page-effects.js';
import { ApiError, apiFetch } from '../../app/api.js';

const goodsKeys = ['marks', 'packages', 'description', 'grossWeightKg', 'measurementCbm'] as const;
const emptyLine = (): GoodsLine => ({ marks: '', packages: '', description: '', grossWeightKg: '', measurementCbm: '' });

/** Starts the browser's download of a PDF answer. */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The arrival notice or bill of lading form; the server lays the document out as a PDF. */
export function ShippingDocumentPage({ kind }: { kind: ShippingDocumentKind }) {
  const intl = useIntl();
  const key = kind === 'arrival-notice' ? 'arrivalNotice' : 'billOfLading';
  usePageMeta(`uni.${key}.title`, `uni.${key}.description`);
  const definition = shippingDocumentFields[kind];
  const [fields, setFields] = useState<Record<string, string>>(() => Object.fromEntries(definition.map((field) => [field.key, ''])));
  const [goods, setGoods] = useState<GoodsLine[]>([emptyLine()]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setLine = (index: number, patch: Partial<GoodsLine>) => setGoods((lines) => lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const errorOf = (path: string) => errors[path]?.length ? intl.formatMessage({ id: 'uni.invalid' }) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const response = await apiFetch(`/lookup/documents/${kind}/`, { method: 'POST', headers: { Accept: 'application/pdf, application/json' }, body: { fields, goods } });
      setErrors({});
      download(await response.blob(), `${kind}-${fields.blNumber || 'document'}.pdf`);
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'network') {
        setErrors(error.fields);
        setFailure(intl.formatMessage({ id: error.code === 'validation_error' ? 'uni.checkFields' : 'errors.server_error' }));
      } else {
        setFailure(intl.formatMessage({ id: 'errors.network' }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h4" component="h1"><FormattedMessage id={`uni.${key}.title`} /></Typography>
      <Typography color="text.secondary"><FormattedMessage id={`uni.${key}.description`} /> <FormattedMessage id="uni.printNote" /></Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container spacing={2}>
          {definition.map((field) => (
            <Grid key={field.key} size={{ xs: 12, md: 6 }}>
              <TextField
                fullWidth label={intl.formatMessage({ id: `uni.fields.${field.key}` })} required={field.required} multiline={field.multiline} minRows={field.multiline ? 2 : undefined}
                value={fields[field.key]} onChange={(event) => setFields((current) => ({ ...current, [field.key]: event.target.value }))}
                error={!!errorOf(`fields.${field.key}`)} helperText={errorOf(`fields.${field.key}`)} name={field.key}
              />
            </Grid>
          ))}
        </Grid>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="goods-title">
        <Typography id="goods-title" variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="uni.goods.title" /></Typography>
        <Stack spacing={1.5}>
          {goods.map((line, index) => (
            <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
              {goodsKeys.map((goodsKey) => (
                <TextField
                  key={goodsKey} size="small" label={intl.formatMessage({ id: `uni.goods.${goodsKey}` })} value={line[goodsKey]}
                  required={goodsKey === 'description'} multiline={goodsKey === 'description'} sx={{ flex: goodsKey === 'description' ? 3 : 1 }}
                  onChange={(event) => setLine(index, { [goodsKey]: event.target.value })}
                  error={!!errorOf(`goods.${index}.${goodsKey}`) || (goodsKey === 'description' && !!errorOf(`goods.${index}`))}
                />
              ))}
              <IconButton onClick={() => setGoods((lines) => lines.filter((_l, i) => i !== index))} disabled={goods.length === 1}
                aria-label={intl.formatMessage({ id: 'uni.goods.remove' }, { line: index + 1 })}>
                <DeleteOutlined />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<Add />} onClick={() => setGoods((lines) => [...lines, emptyLine()])} disabled={goods.length >= 20} sx={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="uni.goods.add" />
          </Button>
        </Stack>
      </Paper>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button type="submit" variant="contained" size="large" startIcon={<PictureAsPdfOutlined />} loading={busy} sx={{ alignSelf: 'flex-start' }} data-testid="make-pdf">
        <FormattedMessage id="uni.makePdf" />
      </Button>
    </Stack>
  );
}

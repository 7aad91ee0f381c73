import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Invoice, InvoiceProduct } from '../../../common/origin/schemas.js';
import { type ExportLine, listInvoiceProducts, listInvoices } from './origin-api.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';

type Scope = { company_slug: string; folder_slug: string };

const lineOfProduct = (product: InvoiceProduct): ExportLine => ({
  id: product.id, account_number: product.account_number, row_number: null, registered_date: product.registered_date, type_code: product.type_code,
  code: product.code, item_name: product.item_name, hs: product.hs, total: product.total, unit: product.unit, price_condition: product.invoice_price_condition, partner: product.partner,
  currency: product.currency,
});

/** What a schedule is for: an export declaration line picked directly, or an export invoice and then one of its lines. */
export function SubjectPicker({ scope, value, onChange, lines }: {
  scope: Scope; value: ExportLine | null; onChange: (line: ExportLine | null) => void; lines: { search: string; setSearch: (search: string) => void; results: ExportLine[]; loading: boolean };
}) {
  const intl = useIntl();
  const [mode, setMode] = useState<'line' | 'invoice'>('line');
  const [invoiceSearch, setInvoiceSearch] = useState('');
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const ready = scope.company_slug !== '' && scope.folder_slug !== '';
  const invoices = useQuery({ queryKey: ['origin', 'invoices', scope, invoiceSearch], queryFn: () => listInvoices(scope, invoiceSearch), enabled: ready && mode === 'invoice', placeholderData: keepPreviousData });
  const products = useQuery({ queryKey: ['origin', 'products', scope, invoice?.invoice_no], queryFn: () => listInvoiceProducts(scope, invoice!.invoice_no), enabled: ready && invoice !== null });

  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup size="small" exclusive value={mode} aria-label={intl.formatMessage({ id: 'origin.source.label' })}
        onChange={(_event, next: 'line' | 'invoice' | null) => { if (next) { setMode(next); onChange(null); setInvoice(null); } }}>
        <ToggleButton value="line" data-testid="pick-by-line"><FormattedMessage id="origin.source.exportLine" /></ToggleButton>
        <ToggleButton value="invoice" data-testid="pick-by-invoice"><FormattedMessage id="origin.source.invoice" /></ToggleButton>
      </ToggleButtonGroup>
      {mode === 'line' ? (
        <Autocomplete
          options={lines.results} value={value} onChange={(_event, next) => onChange(next)}
          onInputChange={(_event, next, reason) => { if (reason === 'input') lines.setSearch(next); }}
          getOptionLabel={(option) => `${option.account_number} · ${option.code} · ${formatBusinessDay(intl, option.registered_date)}`}
          isOptionEqualToValue={(a, b) => a.id === b.id} filterOptions={(options) => options} loading={lines.loading}
          renderOption={(props, option) => (
            <li {...props} key={option.id}>
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>{option.code} — {option.item_name}</Typography>
                <Typography variant="caption" color="text.secondary">{option.account_number} · {option.type_code} · {formatBusinessDay(intl, option.registered_date)} · {option.total} {option.unit}</Typography>
              </Box>
            </li>
          )}
          renderInput={(params) => <TextField {...params} required label={intl.formatMessage({ id: 'origin.exportLine' })} />}
          noOptionsText={intl.formatMessage({ id: 'origin.noExportLines' })}
        />
      ) : (
        <>
          <Autocomplete
            options={invoices.data?.results ?? []} value={invoice} onChange={(_event, next) => { setInvoice(next); onChange(null); }}
            onInputChange={(_event, next, reason) => { if (reason === 'input') setInvoiceSearch(next); }}
            getOptionLabel={(option) => option.invoice_no} isOptionEqualToValue={(a, b) => a.invoice_no === b.invoice_no} filterOptions={(options) => options} loading={invoices.isFetching}
            renderOption={(props, option) => (
              <li {...props} key={option.invoice_no}>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{option.invoice_no}{option.bill_date && ` · ${formatBusinessDay(intl, option.bill_date)}`}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[option.contract_number, option.account_numbers.join(', '), intl.formatMessage({ id: 'origin.invoiceLines' }, { count: option.line_count })].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => <TextField {...params} required label={intl.formatMessage({ id: 'origin.invoice' })} />}
            noOptionsText={intl.formatMessage({ id: 'origin.noInvoices' })}
          />
          <TextField select fullWidth required disabled={invoice === null} label={intl.formatMessage({ id: 'origin.invoiceProduct' })} value={value?.id ?? ''} data-testid="invoice-product"
            onChange={(event) => { const product = products.data?.results.find((row) => row.id === Number(event.target.value)); onChange(product ? lineOfProduct(product) : null); }}>
            {(products.data?.results ?? []).map((product) => (
              <MenuItem key={product.id} value={product.id}>{product.code} — {product.item_name} · {product.account_number} · {product.total} {product.unit}</MenuItem>
            ))}
          </TextField>
        </>
      )}
    </Stack>
  );
}

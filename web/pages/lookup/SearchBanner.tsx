import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { cleanTerm, defaultTariffYear } from '../../../common/lookup/query.js';
import { rateSchedules } from '../../../common/lookup/duty-rate.js';
import type { SearchFilters, SearchMode } from '../../../common/lookup/schemas.js';
import { useYears } from './lookup-api.js';
import { yearChoices, yearOfParams } from './text.js';
import { rememberSearch } from './recent-searches.js';
import { YearSource } from './YearSource.js';

/** Builds the address of a search; the default mode, year and exactness stay out of it. */
export function searchPath(options: { q: string; mode: SearchMode; exact: boolean; year: number; page?: number; filters?: SearchFilters }): string {
  const params = new URLSearchParams({ q: options.q });
  if (options.mode !== 'tariff') params.set('mode', options.mode);
  if (options.exact) params.set('exact', '1');
  if (options.year !== defaultTariffYear) params.set('year', String(options.year));
  if (options.page && options.page > 1) params.set('page', String(options.page));
  for (const [name, value] of Object.entries(options.filters ?? {})) if (value !== undefined && value !== '') params.set(name, String(value));
  return `/search?${params.toString()}`;
}

/** The filters of a search address; a value that is not one the API takes is left out rather than refused. */
export function filtersOfParams(params: URLSearchParams): SearchFilters {
  const percent = (name: string) => {
    const value = params.get(name);
    return value !== null && value !== '' && Number.isFinite(Number(value)) && Number(value) >= 0 ? Number(value) : undefined;
  };
  const chapter = params.get('chapter') ?? '';
  const schedule = params.get('schedule') ?? '';
  return {
    chapter: /^\d{2}$/.test(chapter) ? chapter : undefined,
    schedule: rateSchedules.includes(schedule) ? schedule : undefined,
    rateMin: percent('rateMin'),
    rateMax: percent('rateMax'),
  };
}

/** The search banner: term, mode (Tariff Schedule or Classification), exact keywords and year. */
export function SearchBanner() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [mode, setMode] = useState<SearchMode>(params.get('mode') === 'classification' ? 'classification' : 'tariff');
  const [exact, setExact] = useState(params.get('exact') === '1');
  const [year, setYear] = useState(yearOfParams(params));
  const years = useYears().data?.years;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = cleanTerm(q);
    rememberSearch({ q: term, mode });
    void navigate(searchPath({ q: term, mode, exact, year, filters: filtersOfParams(params) }));
  };

  return (
    <Paper component="form" role="search" onSubmit={submit} sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }} elevation={0} variant="outlined">
      <Stack spacing={2}>
        <ToggleButtonGroup
          exclusive size="small" color="primary" value={mode}
          onChange={(_event, value: SearchMode | null) => value && setMode(value)}
          aria-label={intl.formatMessage({ id: 'lookup.banner.mode' })}
        >
          <ToggleButton value="tariff" data-testid="mode-tariff"><FormattedMessage id="lookup.banner.tariff" /></ToggleButton>
          <ToggleButton value="classification" data-testid="mode-classification"><FormattedMessage id="lookup.banner.classification" /></ToggleButton>
        </ToggleButtonGroup>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <TextField
            fullWidth value={q} onChange={(event) => setQ(event.target.value)} name="q" type="search"
            label={intl.formatMessage({ id: mode === 'tariff' ? 'lookup.banner.placeholderTariff' : 'lookup.banner.placeholderClassification' })}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'search-input' } }}
          />
          <TextField
            select value={year} onChange={(event) => setYear(Number(event.target.value))} sx={{ minWidth: 120 }}
            label={intl.formatMessage({ id: 'lookup.banner.year' })} slotProps={{ htmlInput: { 'data-testid': 'year-select' } }}
          >
            {yearChoices(years, year).map((option) => <MenuItem key={option} value={option}>{option}</MenuItem>)}
          </TextField>
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} sx={{ minWidth: 140 }} data-testid="search-submit">
            <FormattedMessage id="lookup.banner.search" />
          </Button>
        </Stack>
        <YearSource year={year} />
        <Box>
          <FormControlLabel
            control={<Switch checked={exact} onChange={(event) => setExact(event.target.checked)} />}
            label={intl.formatMessage({ id: 'lookup.banner.exact' })}
          />
        </Box>
      </Stack>
    </Paper>
  );
}

import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { rateSchedules } from '../../../common/lookup/duty-rate.js';
import type { SearchFilters, SearchMode } from '../../../common/lookup/schemas.js';
import { scheduleName } from './DutyRates.js';

type Draft = { chapter: string; schedule: string; rateMin: string; rateMax: string };

const draftOf = (filters: SearchFilters): Draft => ({
  chapter: filters.chapter ?? '', schedule: filters.schedule ?? '', rateMin: filters.rateMin?.toString() ?? '', rateMax: filters.rateMax?.toString() ?? '',
});

/** The message id of what is wrong with a draft, per field; empty when it can be applied. */
function problemsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  if (draft.chapter !== '' && !/^\d{1,2}$/.test(draft.chapter.trim())) problems.chapter = 'lookup.filters.chapterInvalid';
  const percent = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(',', '.')));
  const [min, max] = [percent(draft.rateMin), percent(draft.rateMax)];
  if (min !== undefined && !(min >= 0)) problems.rateMin = 'lookup.filters.rateInvalid';
  if (max !== undefined && !(max >= 0)) problems.rateMax = 'lookup.filters.rateInvalid';
  if (min !== undefined && max !== undefined && min > max) problems.rateMax = 'lookup.filters.rateOrder';
  return problems;
}

/**
 * Narrows a search to a chapter and, for the tariff, to the lines whose rate under a schedule lies in a range
 * ("lines with 0% under EVFTA"). Applies through the address, so a filtered search can be shared and paged.
 */
export function SearchFiltersPanel({ mode, filters, onApply }: { mode: SearchMode; filters: SearchFilters; onApply: (filters: SearchFilters) => void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState(() => draftOf(filters));
  const [checked, setChecked] = useState(false);
  const problems = checked ? problemsOf(draft) : {};
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
    error: Boolean(problems[name]),
    helperText: problems[name] ? intl.formatMessage({ id: problems[name] }) : undefined,
    size: 'small' as const,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problemsOf(draft)).length > 0) return;
    const percent = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(',', '.')));
    onApply({
      chapter: draft.chapter.trim() === '' ? undefined : draft.chapter.trim().padStart(2, '0'),
      ...(mode === 'tariff' ? { schedule: draft.schedule || undefined, rateMin: percent(draft.rateMin), rateMax: percent(draft.rateMax) } : {}),
    });
  };
  const active = Object.values(filters).some((value) => value !== undefined);
  return (
    <Paper component="form" variant="outlined" sx={{ p: 2 }} onSubmit={apply} noValidate aria-label={intl.formatMessage({ id: 'lookup.filters.title' })} data-testid="search-filters">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}><FormattedMessage id="lookup.filters.title" /></Typography>
      <Stack spacing={1.5}>
        <TextField {...field('chapter')} label={intl.formatMessage({ id: 'lookup.filters.chapter' })} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2, 'data-testid': 'filter-chapter' } }} />
        {mode === 'tariff' && (
          <>
            <TextField {...field('schedule')} select label={intl.formatMessage({ id: 'lookup.filters.schedule' })} slotProps={{ htmlInput: { 'data-testid': 'filter-schedule' } }}>
              <MenuItem value=""><FormattedMessage id="lookup.filters.mfnDefault" /></MenuItem>
              {rateSchedules.map((schedule) => <MenuItem key={schedule} value={schedule}>{scheduleName(intl, schedule)}</MenuItem>)}
            </TextField>
            <Stack direction="row" spacing={1}>
              <TextField {...field('rateMin')} label={intl.formatMessage({ id: 'lookup.filters.rateMin' })} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'filter-rate-min' } }} />
              <TextField {...field('rateMax')} label={intl.formatMessage({ id: 'lookup.filters.rateMax' })} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'filter-rate-max' } }} />
            </Stack>
          </>
        )}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small" data-testid="filter-apply"><FormattedMessage id="lookup.filters.apply" /></Button>
          {active && <Button size="small" onClick={() => onApply({})} data-testid="filter-clear"><FormattedMessage id="lookup.filters.clear" /></Button>}
        </Stack>
      </Stack>
    </Paper>
  );
}

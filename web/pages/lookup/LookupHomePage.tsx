import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { HomePage } from '../HomePage.js';
import { HsTree } from './HsTree.js';
import { useYears } from './lookup-api.js';
import { SearchBanner } from './SearchBanner.js';
import { SearchSidebar } from './SearchSidebar.js';
import { yearChoices, yearOfParams } from './text.js';

/** The visitors' home: what Dutybook is, the search banner, the HS tree of a year and the search sidebar. */
export function LookupHomePage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const years = useYears().data?.years;
  const year = yearOfParams(params);
  const choices = yearChoices(years, year);
  return (
    <Stack spacing={3}>
      <HomePage />
      <SearchBanner key={year} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={1}>
            <TextField
              select size="small" sx={{ maxWidth: 200 }} value={year} label={intl.formatMessage({ id: 'lookup.tree.year' })}
              onChange={(event) => setParams(Number(event.target.value) === 2025 ? {} : { year: String(event.target.value) })}
            >
              {choices.map((option) => <MenuItem key={option} value={option}>{option}</MenuItem>)}
            </TextField>
            <HsTree year={year} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}><SearchSidebar /></Grid>
      </Grid>
    </Stack>
  );
}

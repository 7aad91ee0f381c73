import Box from '@mui/material/Box';
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
      {/* A CSS grid, not MUI's Grid: the visitors' first page loads one script fewer. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
        <Stack spacing={1}>
          <TextField
            select size="small" sx={{ maxWidth: 200 }} value={year} label={intl.formatMessage({ id: 'lookup.tree.year' })}
            onChange={(event) => setParams(Number(event.target.value) === 2025 ? {} : { year: String(event.target.value) })}
          >
            {choices.map((option) => <MenuItem key={option} value={option}>{option}</MenuItem>)}
          </TextField>
          <HsTree year={year} />
        </Stack>
        <SearchSidebar />
      </Box>
    </Stack>
  );
}

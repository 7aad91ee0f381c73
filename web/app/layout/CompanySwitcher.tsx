import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FormattedMessage } from 'react-intl';
import { distinctiveCompanyName } from '../../../common/text/company-name.js';
import { useSession } from '../session/SessionProvider.js';

/** Which company and folder set (reporting period) the data screens work on; kept in local storage. */
export function CompanySwitcher({ placement = 'drawer' }: { placement?: 'drawer' | 'bar' }) {
  const { user, companySlug, folderSlug, company, selectCompany, selectFolder } = useSession();
  const companies = user?.companies ?? [];
  if (companies.length === 0 || companySlug === null) return null;
  const folderSets = company?.folder_set ?? [];
  const fullName = (slug: unknown) => companies.find((entry) => entry.company_slug === slug)?.company_name ?? '';
  return (
    <Stack direction={placement === 'bar' ? 'row' : 'column'} spacing={1.5} sx={placement === 'bar' ? { py: 0.5, '& .MuiTextField-root': { minWidth: 200, maxWidth: 320 } } : { px: 2, pt: 2, pb: 1 }}>
      {/* "Công ty TNHH May m…" tells no company from another: the field shows what is distinctive in the name, the
          hint and the list the name in full. The hint is a native title: MUI's Tooltip would bring Popper.js (28 kB)
          into every first page. */}
      <TextField
        select
        title={fullName(companySlug)}
        size="small"
        // In the bar each field is as wide as its name (a period's year must not be cut off).
        fullWidth={placement === 'drawer'}
        label={<FormattedMessage id="session.company" />}
        value={companySlug}
        onChange={(event) => selectCompany(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'company-switcher' }, select: { renderValue: (slug) => distinctiveCompanyName(fullName(slug)) } }}
      >
        {companies.map((entry) => <MenuItem key={entry.company_slug} value={entry.company_slug}>{entry.company_name}</MenuItem>)}
      </TextField>
      <TextField
        select
        size="small"
        fullWidth={placement === 'drawer'}
        label={<FormattedMessage id="session.folderSet" />}
        value={folderSets.some((set) => set.slug === folderSlug) ? folderSlug : ''}
        onChange={(event) => selectFolder(event.target.value)}
        disabled={folderSets.length === 0}
        slotProps={{ htmlInput: { 'data-testid': 'folder-switcher' } }}
      >
        {folderSets.map((set) => <MenuItem key={set.slug} value={set.slug}>{set.name}</MenuItem>)}
      </TextField>
    </Stack>
  );
}

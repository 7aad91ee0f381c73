import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TariffSource } from '../../../common/lookup/schemas.js';
import { formatBusinessDay } from '../../app/i18n/dates.js';
import { useLookupLang, useYears } from './lookup-api.js';

/** The sentence that says where a year's tariff comes from. */
function SourceText({ year, source }: { year: number; source: TariffSource | null }): ReactNode {
  const intl = useIntl();
  const lang = useLookupLang();
  const day = (iso: string) => formatBusinessDay(intl, iso);
  if (!source) return <FormattedMessage id="lookup.yearSource.unknown" values={{ year }} />;
  if (source.origin === 'demonstration') return <FormattedMessage id="lookup.yearSource.demonstration" values={{ year }} />;
  if (source.origin === 'file') {
    const values = { year, file: <strong>{source.file_name}</strong>, name: source.loaded_by, date: day(source.loaded_at) };
    return <FormattedMessage id={source.loaded_by ? 'lookup.yearSource.loadedBy' : 'lookup.yearSource.loaded'} values={values} />;
  }
  const { shipped } = source;
  return (
    <FormattedMessage id="lookup.yearSource.shipped" values={{
      year, basis: shipped.basis[lang], date: day(shipped.retrieved),
      compilation: <Link href={shipped.url} target="_blank" rel="noopener noreferrer">{shipped.compilation}</Link>,
    }} />
  );
}

/**
 * Where the chosen year's tariff lines come from, said under a year selector: the published tariff Dutybook ships
 * with its legal basis, the demonstration set, or the file someone loaded, by whom and when.
 */
export function YearSource({ year }: { year: number }) {
  const edition = useYears().data?.editions.find((entry) => entry.year === year);
  if (!edition) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="year-source" data-origin={edition.source?.origin ?? 'unknown'}>
      <SourceText year={year} source={edition.source} />
    </Typography>
  );
}

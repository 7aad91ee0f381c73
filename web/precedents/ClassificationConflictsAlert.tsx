import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { formatCode } from '../../common/hs/code.js';
import type { ClassificationConflicts } from '../../common/precedents/schemas.js';

/** In a declaration import's result: the item codes and names it now declares under a second HS code, with the report that lists them all. */
export function ClassificationConflictsAlert({ conflicts }: { conflicts: ClassificationConflicts }) {
  const intl = useIntl();
  const more = conflicts.count - conflicts.items.length;
  return (
    <Alert severity="warning" data-testid="import-classification-conflicts">
      <Typography variant="body2" sx={{ fontWeight: 600 }}><FormattedMessage id="precedents.import.title" /></Typography>
      <Typography variant="body2"><FormattedMessage id="precedents.import.text" values={{ count: conflicts.count }} /></Typography>
      {conflicts.items.map((item) => (
        <Typography key={`${item.kind}:${item.code ?? ''}:${item.item_name ?? ''}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{item.kind === 'code' ? item.code : item.item_name}</strong>
          {item.kind === 'code' && item.item_name ? ` (${item.item_name})` : ''}: {intl.formatList(item.hs_codes.map(formatCode))}
        </Typography>
      ))}
      {more > 0 && <Typography variant="body2"><FormattedMessage id="precedents.import.more" values={{ count: more }} /></Typography>}
      <Link component={RouterLink} to="/reports/classification-consistency" variant="body2"><FormattedMessage id="precedents.import.open" /></Link>
    </Alert>
  );
}

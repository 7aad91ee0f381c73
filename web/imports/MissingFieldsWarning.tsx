import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import type { FieldSource } from './import-payload.js';
import { missingCheckNeeds } from './missing-fields.js';

/**
 * On the mapping step of a declaration-lines sheet: what the mapping leaves the C/O and duty checks without, and which
 * checks that affects. A warning only: the import goes on.
 */
export function MissingFieldsWarning({ resource, mode, fieldNames, sources }: {
  resource: string; mode: string; fieldNames: readonly string[]; sources: Record<string, FieldSource>;
}) {
  const missing = missingCheckNeeds(resource, mode, fieldNames, sources);
  if (missing.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="import-missing-fields">
      <AlertTitle><FormattedMessage id="imports.missingFields.title" /></AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {missing.map((need) => <li key={need} data-need={need}><FormattedMessage id={`imports.missingFields.${need}`} /></li>)}
      </ul>
      <Typography variant="body2" sx={{ mt: 0.5 }}><FormattedMessage id="imports.missingFields.hint" /></Typography>
    </Alert>
  );
}

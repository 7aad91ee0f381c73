import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { LayoutTemplates } from '../reports/LayoutTemplates.js';

/** The platform's statement layout templates, offered to every company's folder sets. */
export function StatementTemplatesPanel() {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}><FormattedMessage id="admin.statementTemplates.title" /></Typography>
      <LayoutTemplates owner={{ kind: 'platform' }} canEdit />
    </>
  );
}

import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { allows, type ResourceDefinition } from '../../common/resources/define.js';

// The wizard and the history load when first opened, not with the table.
const ImportWizard = lazy(() => import('./ImportWizard.js').then((module) => ({ default: module.ImportWizard })));
const ImportHistory = lazy(() => import('./ImportHistory.js').then((module) => ({ default: module.ImportHistory })));

/**
 * The table toolbar's import buttons: "Import" for users who may write (the wizard), and "Import
 * history" for everyone (rollback only for writers). Nothing for tables that are not imported.
 */
export function ImportButtons({ resource, canWrite, disabled }: { resource: ResourceDefinition; canWrite: boolean; disabled?: boolean }) {
  const [wizardOpen, setWizardOpen] = useState(false);
  // The history opens over the wizard too, which keeps its place.
  const [historyOpen, setHistoryOpen] = useState(false);
  if (!allows(resource, 'import')) return null;
  return (
    <>
      {canWrite && (
        <Button color="inherit" startIcon={<UploadFileOutlined />} onClick={() => setWizardOpen(true)} disabled={disabled} data-testid="import-button">
          <FormattedMessage id="imports.button" />
        </Button>
      )}
      <Button color="inherit" startIcon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} disabled={disabled} data-testid="import-history-button">
        <FormattedMessage id="imports.history.button" />
      </Button>
      <Suspense fallback={null}>
        {wizardOpen && <ImportWizard resource={resource} onClose={() => setWizardOpen(false)} onShowHistory={() => setHistoryOpen(true)} />}
        {historyOpen && <ImportHistory resource={resource} canWrite={canWrite} onClose={() => setHistoryOpen(false)} />}
      </Suspense>
    </>
  );
}

import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ResourceDefinition } from '../../common/resources/define.js';
import { useSession } from '../app/session/SessionProvider.js';
import { importSourceOf } from './import-api.js';

// The wizard and the history load when first opened, not with the table.
const ImportWizard = lazy(() => import('./ImportWizard.js').then((module) => ({ default: module.ImportWizard })));
const ImportHistory = lazy(() => import('./ImportHistory.js').then((module) => ({ default: module.ImportHistory })));

/**
 * The table toolbar's import buttons: "Import" (the wizard) for members who may write, and "Import
 * history" for everyone, with rollback for writers. The ECUS amendment and cancellation screens open
 * the ECUS import in their mode; tables that are never imported show neither.
 */
export function ImportButtons({ resource, disabled }: { resource: ResourceDefinition; disabled?: boolean }) {
  const { user, companySlug } = useSession();
  const [wizardOpen, setWizardOpen] = useState(false);
  // The history opens over the wizard too, which keeps its place.
  const [historyOpen, setHistoryOpen] = useState(false);
  const source = importSourceOf(resource);
  if (!source) return null;
  const role = user?.companies.find((entry) => entry.company_slug === companySlug)?.role;
  const canWrite = role !== undefined && role !== 'viewer';
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
        {wizardOpen && (
          <ImportWizard resource={source.resource} initialMode={source.mode} onClose={() => setWizardOpen(false)} onShowHistory={() => setHistoryOpen(true)} />
        )}
        {historyOpen && <ImportHistory resource={source.resource} canWrite={canWrite} onClose={() => setHistoryOpen(false)} />}
      </Suspense>
    </>
  );
}

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';
import type { OnDuplicate } from './import-payload.js';
import { useWhen } from './use-import-text.js';

/** The same file was imported before (on `date`): add its rows again, replace the earlier import, or stop. */
export function DuplicateDialog({ open, date, onAnswer }: { open: boolean; date: string | undefined; onAnswer: (choice: OnDuplicate | null) => void }) {
  const when = useWhen();
  return (
    <Dialog open={open} onClose={() => onAnswer(null)} aria-labelledby="import-duplicate-title" data-testid="duplicate-dialog">
      <DialogTitle id="import-duplicate-title"><FormattedMessage id="imports.duplicate.title" /></DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage
            id="imports.duplicate.text"
            values={{ date: when(date) }}
          />
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onAnswer(null)}><FormattedMessage id="imports.duplicate.cancel" /></Button>
        <Button variant="outlined" onClick={() => onAnswer('add')} data-testid="duplicate-add">
          <FormattedMessage id="imports.duplicate.add" />
        </Button>
        <Button variant="contained" onClick={() => onAnswer('replace')} data-testid="duplicate-replace">
          <FormattedMessage id="imports.duplicate.replace" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

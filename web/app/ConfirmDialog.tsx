import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** Asks before something that cannot be undone; the question names what is lost. */
export function ConfirmDialog({ open, title, text, confirmLabel, pending, onConfirm, onClose }: {
  open: boolean;
  title: ReactNode;
  text: ReactNode;
  confirmLabel: ReactNode;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={pending ? undefined : onClose} aria-labelledby="confirm-title" aria-describedby="confirm-text">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus><FormattedMessage id="company.cancel" /></Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={pending} data-testid="confirm">{confirmLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}

import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Fade from '@mui/material/Fade';
import Grow from '@mui/material/Grow';
import Slide, { type SlideProps } from '@mui/material/Slide';
import Snackbar, { type SnackbarCloseReason, type SnackbarOrigin } from '@mui/material/Snackbar';
import type { TransitionProps } from '@mui/material/transitions';
import { type ComponentType, createContext, type ReactElement, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';

/** Notifications close on their timeout or the CLOSE button, never on a click elsewhere. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;

const slide = (direction: SlideProps['direction']) => {
  const SlideIn = (props: TransitionProps & { children: ReactElement }) => <Slide {...props} direction={direction} />;
  SlideIn.displayName = `Slide${direction}`;
  return SlideIn;
};

export const transitions = {
  SlideLeft: slide('left'),
  SlideUp: slide('up'),
  SlideRight: slide('right'),
  SlideDown: slide('down'),
  Grow,
  Fade,
} satisfies Record<string, ComponentType<TransitionProps & { children: ReactElement }>>;

export type TransitionName = keyof typeof transitions;

/** The spec's snackbar state. */
export interface SnackbarState {
  open: boolean;
  message: ReactNode;
  variant: 'default' | 'alert';
  alert: { variant: 'filled' | 'outlined' | 'standard'; color: AlertColor };
  transition: TransitionName;
  anchorOrigin: SnackbarOrigin;
  actionButton: boolean;
  close: boolean;
}

export type SnackbarOptions = Partial<Omit<SnackbarState, 'open' | 'alert'>> & { message: ReactNode; alert?: Partial<SnackbarState['alert']> };

const initialState: SnackbarState = {
  open: false,
  message: '',
  variant: 'default',
  alert: { variant: 'filled', color: 'info' },
  transition: 'Fade',
  anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
  actionButton: false,
  close: true,
};

interface SnackbarApi {
  show: (options: SnackbarOptions) => void;
  success: (message: ReactNode) => void;
  error: (message: ReactNode) => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SnackbarState>(initialState);
  const show = useCallback((options: SnackbarOptions) => {
    setState({ ...initialState, ...options, alert: { ...initialState.alert, ...options.alert }, open: true });
  }, []);
  const api = useMemo<SnackbarApi>(() => ({
    show,
    success: (message) => show({ message, variant: 'alert', alert: { color: 'success' } }),
    error: (message) => show({ message, variant: 'alert', alert: { color: 'error' } }),
  }), [show]);

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway') return;
    setState((current) => ({ ...current, open: false }));
  };
  const closeButton = state.close ? (
    <Button color={state.variant === 'alert' ? 'inherit' : 'secondary'} size="small" onClick={() => handleClose(undefined)}>
      <FormattedMessage id="shell.snackbar.close" />
    </Button>
  ) : undefined;

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {state.variant === 'default' ? (
        <Snackbar
          open={state.open}
          anchorOrigin={state.anchorOrigin}
          autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
          onClose={handleClose}
          message={state.message}
          action={closeButton}
          slots={{ transition: transitions[state.transition] }}
        />
      ) : (
        <Snackbar
          open={state.open}
          anchorOrigin={state.anchorOrigin}
          autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
          onClose={handleClose}
          slots={{ transition: transitions[state.transition] }}
        >
          <Alert variant={state.alert.variant} severity={state.alert.color} color={state.alert.color} action={closeButton} sx={{ width: '100%' }}>
            {state.message}
          </Alert>
        </Snackbar>
      )}
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar needs a SnackbarProvider');
  return api;
}

import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** The full-screen spinner; shown while the app-level loading flag is on. */
export function FullScreenLoader() {
  return (
    <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal + 1, bgcolor: 'rgba(0,0,0,0.25)' }} data-testid="app-loader">
      <CircularProgress color="inherit" aria-label="loading" />
    </Backdrop>
  );
}

interface LoadingContextValue {
  isLoading: boolean;
  /** Turns the flag on until the promise settles, counting overlapping tasks. */
  track: <T>(task: Promise<T>) => Promise<T>;
}

const LoadingContext = createContext<LoadingContextValue | null>(null);

export function AppLoadingProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState(0);
  const track = useCallback(<T,>(task: Promise<T>) => {
    setPending((count) => count + 1);
    return task.finally(() => setPending((count) => count - 1));
  }, []);
  const value = useMemo(() => ({ isLoading: pending > 0, track }), [pending, track]);
  return (
    <LoadingContext.Provider value={value}>
      {children}
      {pending > 0 && <FullScreenLoader />}
    </LoadingContext.Provider>
  );
}

export function useAppLoading(): LoadingContextValue {
  const value = useContext(LoadingContext);
  if (!value) throw new Error('useAppLoading needs an AppLoadingProvider');
  return value;
}

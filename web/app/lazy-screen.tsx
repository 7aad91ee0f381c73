import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Component, type ComponentType, Fragment, lazy, type ReactElement, type ReactNode, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { FullScreenLoader } from './loading.js';
import { SignedInOnly, SignedOutOnly } from './session/guards.js';

/** A screen that failed to draw: the menu stays, and a reload usually helps. */
function ScreenError() {
  return (
    <Alert
      severity="error"
      action={<Button color="inherit" size="small" onClick={() => window.location.reload()}><FormattedMessage id="data.screenError.reload" /></Button>}
      data-testid="screen-error"
    >
      <FormattedMessage id="data.screenError.text" />
    </Alert>
  );
}

/** Shows `ScreenError` for a screen that threw while drawing, until the address changes. */
class ScreenBoundary extends Component<{ path: string; children: ReactNode }, { path: string; failed: boolean }> {
  override state = { path: this.props.path, failed: false };
  static getDerivedStateFromProps(props: { path: string }, state: { path: string }) {
    return props.path === state.path ? null : { path: props.path, failed: false };
  }
  static getDerivedStateFromError() { return { failed: true }; }
  override componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }
  override render() {
    return this.state.failed ? <ScreenError /> : this.props.children;
  }
}

function Boundary({ children }: { children: ReactNode }) {
  return <ScreenBoundary path={useLocation().pathname}>{children}</ScreenBoundary>;
}

/**
 * A route's screen in a chunk of its own, loaded on its first visit, behind a guard: `in` for signed-in users only (a
 * visitor goes to the login page without loading it), `out` for visitors only. Navigations are transitions, so the
 * screen on show stays until the next one has loaded; a first visit shows the loader meanwhile.
 */
export function lazyScreen(load: () => Promise<ComponentType>, guard?: 'in' | 'out'): ReactElement {
  const Screen = lazy(async () => ({ default: await load() }));
  const Guard = guard === 'in' ? SignedInOnly : guard === 'out' ? SignedOutOnly : Fragment;
  return <Guard><Boundary><Suspense fallback={<FullScreenLoader />}><Screen /></Suspense></Boundary></Guard>;
}

import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '../../app/loading.js';
import { useSession } from '../../app/session/SessionProvider.js';

// Each kind of user loads only its own home: a visitor's lookup never carries the overview, nor a signed-in user's first
// page the lookup's banner and tree.
const LookupHomePage = lazy(async () => ({ default: (await import('../lookup/LookupHomePage.js')).LookupHomePage }));
const OverviewPage = lazy(async () => ({ default: (await import('./OverviewPage.js')).OverviewPage }));

/** `/`: the public lookup for visitors; for a signed-in user, the overview of the current folder set (its own chunk). */
export function HomeRoute() {
  const { status } = useSession();
  if (status === 'loading') return <FullScreenLoader />;
  if (status !== 'authenticated') return <Suspense fallback={<FullScreenLoader />}><LookupHomePage /></Suspense>;
  return <Suspense fallback={<FullScreenLoader />}><OverviewPage /></Suspense>;
}

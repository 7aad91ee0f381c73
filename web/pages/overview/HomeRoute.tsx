import { lazy, Suspense } from 'react';
import { FullScreenLoader } from '../../app/loading.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { LookupHomePage } from '../lookup/LookupHomePage.js';

const OverviewPage = lazy(async () => ({ default: (await import('./OverviewPage.js')).OverviewPage }));

/** `/`: the public lookup for visitors; for a signed-in user, the overview of the current folder set (its own chunk). */
export function HomeRoute() {
  const { status } = useSession();
  if (status === 'loading') return <FullScreenLoader />;
  if (status !== 'authenticated') return <LookupHomePage />;
  return <Suspense fallback={<FullScreenLoader />}><OverviewPage /></Suspense>;
}

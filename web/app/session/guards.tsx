import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../loading.js';
import { useSession } from './SessionProvider.js';

/** Where a signed-in user lands: the dashboard, or the company form while they belong to no company yet. */
export const signedInHome = (companies: readonly unknown[]) => (companies.length > 0 ? '/' : '/company');

interface FromState { from?: { pathname: string; search?: string } }

/** Pages for signed-in users; visitors go to the login page and come back after it. */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'anonymous') return <Navigate to="/login" replace state={{ from: { pathname: location.pathname, search: location.search } } satisfies FromState} />;
  return children;
}

/** Login, registration and the code screens; a signed-in user is sent on to where they were going. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullScreenLoader />;
  if (status === 'authenticated') {
    const from = (location.state as FromState | null)?.from;
    return <Navigate to={from ? `${from.pathname}${from.search ?? ''}` : signedInHome(user?.companies ?? [])} replace />;
  }
  return children;
}

import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useConfig } from '../config/ConfigProvider.js';
import { FullScreenLoader } from '../loading.js';
import { useSession } from '../session/SessionProvider.js';
import { MessagesProvider, useCatalog } from './I18nProvider.js';

/**
 * Gives a signed-in user's frame and home the few business texts they read (the menu, the overview, the tables'
 * titles) beside the public ones, loaded once a session exists; a visitor never downloads them. The other screens'
 * texts come with `PageMessages`.
 */
export function SignedInMessages({ children }: { children: ReactNode }) {
  const { locale } = useConfig().config;
  const signedIn = useSession().status !== 'anonymous';
  const common = useCatalog(locale, 'public');
  const home = useCatalog(locale, 'home', signedIn);
  if (!signedIn) return children;
  if (!common || !home) return <FullScreenLoader />;
  return <MessagesProvider locale={common.locale} messages={{ ...home.messages, ...common.messages }}>{children}</MessagesProvider>;
}

/**
 * A signed-in user's page other than the home, given every business text (tables, imports, reports, origin schedules,
 * administration) once they have loaded; the home shows its figures without them.
 */
export function PageMessages({ children }: { children: ReactNode }) {
  const { locale } = useConfig().config;
  const signedIn = useSession().status === 'authenticated';
  const atHome = useLocation().pathname === '/';
  const wanted = signedIn && !atHome;
  const common = useCatalog(locale, 'public', wanted);
  const business = useCatalog(locale, 'business', wanted);
  if (!wanted) return children;
  if (!common || !business) return <FullScreenLoader />;
  return <MessagesProvider locale={common.locale} messages={{ ...business.messages, ...common.messages }}>{children}</MessagesProvider>;
}

import type { ReactNode } from 'react';
import { useConfig } from '../config/ConfigProvider.js';
import { FullScreenLoader } from '../loading.js';
import { useSession } from '../session/SessionProvider.js';
import { MessagesProvider, useCatalog } from './I18nProvider.js';

/**
 * Gives a signed-in user's screens the texts of the tables, imports, reports and origin schedules beside the
 * public ones, loaded once a session exists; a visitor never downloads them.
 */
export function SignedInMessages({ children }: { children: ReactNode }) {
  const { locale } = useConfig().config;
  const signedIn = useSession().status !== 'anonymous';
  const common = useCatalog(locale, 'public');
  const business = useCatalog(locale, 'business', signedIn);
  if (!signedIn) return children;
  if (!common || !business) return <FullScreenLoader />;
  return <MessagesProvider locale={common.locale} messages={{ ...business.messages, ...common.messages }}>{children}</MessagesProvider>;
}

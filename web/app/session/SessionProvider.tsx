import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Company, UserInfo } from '../../../common/accounts/schemas.js';
import { ApiError, apiRequest, setTokenSource } from '../api.js';
import { runtimeConfig } from '../runtime-config.js';
import { clearStoredSession, sessionKeys } from './session-storage.js';
import { useInactivityTimeout } from './use-inactivity-timeout.js';

// Registered at import time so that the first queries of child components already carry the token.
setTokenSource(() => window.localStorage.getItem(sessionKeys.token));

export const userInfoQueryKey = ['session', 'info'] as const;
export const companyQueryKey = (slug: string) => ['companies', slug] as const;

const fetchUserInfo = () => apiRequest<UserInfo>('/clients-api/info/');
export const fetchCompany = (slug: string) => apiRequest<Company>(`/clients-api/companies/${encodeURIComponent(slug)}/`);

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

interface SessionValue {
  status: SessionStatus;
  user: UserInfo | null;
  /** Stores a fresh access token and resolves once the user's information has loaded. */
  signIn: (accessToken: string) => Promise<void>;
  /** Keeps the user signed in under a new token (after a password change). */
  replaceToken: (accessToken: string) => void;
  signOut: () => Promise<void>;
  /** The selected company and folder set; null while the user has none. */
  companySlug: string | null;
  folderSlug: string | null;
  company: Company | undefined;
  selectCompany: (slug: string) => void;
  selectFolder: (slug: string) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.code === 'not_authenticated';

/**
 * Ends the session when any call answers 401, and (as the spec says) when the user-information call
 * fails for any reason.
 */
function watchSessionErrors(queryClient: QueryClient, endSession: () => void): () => void {
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const isUserInfo = event.query.queryKey[0] === userInfoQueryKey[0] && event.query.queryKey[1] === userInfoQueryKey[1];
    if (isUserInfo || isUnauthenticated(event.action.error)) endSession();
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthenticated(event.action.error)) endSession();
  });
  return () => { stopQueries(); stopMutations(); };
}

/**
 * Who is signed in, and which company and folder set they work in. The token lives in local storage
 * (as the spec keeps it); the user's information and the selected company are server state.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const storage = window.localStorage;
  const [token, setToken] = useState(() => storage.getItem(sessionKeys.token));
  const [storedCompany, setStoredCompany] = useState(() => storage.getItem(sessionKeys.companySlug));
  const [storedFolder, setStoredFolder] = useState(() => storage.getItem(sessionKeys.folderSlug));

  const forget = useCallback(() => {
    clearStoredSession(storage);
    setToken(null);
    setStoredCompany(null);
    setStoredFolder(null);
    queryClient.removeQueries();
  }, [queryClient, storage]);

  const info = useQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo, enabled: token !== null, retry: false, staleTime: Infinity });
  const user = token !== null ? info.data ?? null : null;
  useEffect(() => watchSessionErrors(queryClient, forget), [queryClient, forget]);

  const companies = user?.companies ?? [];
  const companySlug = companies.find((entry) => entry.company_slug === storedCompany)?.company_slug ?? companies[0]?.company_slug ?? null;
  const companyQuery = useQuery({
    queryKey: companyQueryKey(companySlug ?? ''),
    queryFn: () => fetchCompany(companySlug ?? ''),
    enabled: companySlug !== null,
  });
  const company = companySlug !== null && companyQuery.data?.slug === companySlug ? companyQuery.data : undefined;
  const folderSets = company?.folder_set ?? [];
  const folderSlug = folderSets.find((set) => set.slug === storedFolder)?.slug ?? folderSets[0]?.slug ?? null;
  // The spec: once a company's detail has loaded, its slug and (first) folder slug are stored.
  useEffect(() => {
    if (!company) return;
    storage.setItem(sessionKeys.companySlug, company.slug);
    if (folderSlug) storage.setItem(sessionKeys.folderSlug, folderSlug);
    else storage.removeItem(sessionKeys.folderSlug);
  }, [company, folderSlug, storage]);

  const signIn = useCallback(async (accessToken: string) => {
    storage.setItem(sessionKeys.token, accessToken);
    storage.setItem(sessionKeys.sessionStartTime, String(Date.now()));
    try {
      await queryClient.fetchQuery({ queryKey: userInfoQueryKey, queryFn: fetchUserInfo, staleTime: 0 });
    } catch (error) {
      forget();
      throw error;
    }
    setToken(accessToken);
  }, [forget, queryClient, storage]);

  const replaceToken = useCallback((accessToken: string) => {
    storage.setItem(sessionKeys.token, accessToken);
    setToken(accessToken);
  }, [storage]);

  const signOut = useCallback(async () => {
    // Revoking is best effort: the local session ends either way.
    if (storage.getItem(sessionKeys.token)) await apiRequest('/logout/', { method: 'POST' }).catch(() => undefined);
    forget();
  }, [forget, storage]);

  const expire = useCallback(() => {
    void signOut().finally(() => window.location.reload());
  }, [signOut]);
  useInactivityTimeout(token !== null, runtimeConfig.sessionTimeoutMin, expire);

  const selectCompany = useCallback((slug: string) => {
    storage.setItem(sessionKeys.companySlug, slug);
    storage.removeItem(sessionKeys.folderSlug);
    setStoredCompany(slug);
    setStoredFolder(null);
  }, [storage]);
  const selectFolder = useCallback((slug: string) => {
    storage.setItem(sessionKeys.folderSlug, slug);
    setStoredFolder(slug);
  }, [storage]);

  const status: SessionStatus = token === null ? 'anonymous' : user ? 'authenticated' : 'loading';
  const value = useMemo<SessionValue>(
    () => ({ status, user, signIn, replaceToken, signOut, companySlug, folderSlug, company, selectCompany, selectFolder }),
    [status, user, signIn, replaceToken, signOut, companySlug, folderSlug, company, selectCompany, selectFolder],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}

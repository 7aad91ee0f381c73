/** What the server writes into index.html (see server/http/web.ts); the dev server has none. */
export interface RuntimeConfig {
  basePath: string;
  gtmId: string | null;
  sessionTimeoutMin: number;
  googleClientId: string | null;
  /** Sent as the basic-auth client of the password grant. */
  oauthClientId: string;
}

const fallback: RuntimeConfig = { basePath: '', gtmId: null, sessionTimeoutMin: 30, googleClientId: null, oauthClientId: 'dutybook-web' };

function readRuntimeConfig(): RuntimeConfig {
  const element = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!element?.textContent) return fallback;
  return { ...fallback, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) };
}

export const runtimeConfig = readRuntimeConfig();

/** `/health/` → `<base path>/api/health/`. */
export const apiUrl = (path: string) => `${runtimeConfig.basePath}/api${path.startsWith('/') ? path : `/${path}`}`;

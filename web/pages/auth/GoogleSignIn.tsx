import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useConfig } from '../../app/config/ConfigProvider.js';
import { runtimeConfig } from '../../app/runtime-config.js';
import { useErrorText } from '../../app/session/error-text.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { useSnackbar } from '../../app/snackbar/SnackbarProvider.js';
import { convertGoogleToken } from './auth-api.js';

interface GoogleIdentity {
  initialize: (options: { client_id: string; callback: (response: { credential: string }) => void }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
}

declare global {
  interface Window { google?: { accounts: { id: GoogleIdentity } } }
}

let scriptLoading: Promise<GoogleIdentity> | null = null;

/** Google Identity Services, loaded only when sign-in with Google is configured and the button is shown. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google.accounts.id) : reject(new Error('Google Identity Services did not load')));
    script.onerror = () => { scriptLoading = null; reject(new Error('Google Identity Services did not load')); };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/** Google's own button; its ID token is exchanged for a Dutybook token. Nothing is drawn unless configured. */
export function GoogleSignIn() {
  const clientId = runtimeConfig.googleClientId;
  return clientId ? <GoogleButton clientId={clientId} /> : null;
}

function GoogleButton({ clientId }: { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const intl = useIntl();
  const { locale, mode } = useConfig().config;
  const { signIn } = useSession();
  const snackbar = useSnackbar();
  const errorText = useErrorText();

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then((identity) => {
      if (cancelled || !container.current) return;
      identity.initialize({
        client_id: clientId,
        callback: ({ credential }) => {
          convertGoogleToken(credential).then((token) => signIn(token.access_token)).catch((error: unknown) => snackbar.error(errorText(error)));
        },
      });
      identity.renderButton(container.current, { theme: mode === 'dark' ? 'filled_black' : 'outline', size: 'large', text: 'continue_with', locale, width: 320 });
    }, () => {
      if (!cancelled) snackbar.error(intl.formatMessage({ id: 'auth.login.googleUnavailable' }));
    });
    return () => { cancelled = true; };
  }, [clientId, locale, mode, signIn, snackbar, errorText, intl]);

  return <Box ref={container} sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} />;
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from './config/ConfigProvider.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { SignedInMessages } from './i18n/SignedInMessages.js';
import { AppLoadingProvider } from './loading.js';
import { AppRouter } from './router.js';
import { SessionProvider } from './session/SessionProvider.js';
import { SnackbarProvider } from './snackbar/SnackbarProvider.js';
import { AppThemeProvider } from './theme/AppThemeProvider.js';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

export function App() {
  return (
    <ConfigProvider>
      <AppThemeProvider>
        <I18nProvider>
          <QueryClientProvider client={queryClient}>
            <AppLoadingProvider>
              <SnackbarProvider>
                <SessionProvider>
                  <SignedInMessages>
                    <AppRouter />
                  </SignedInMessages>
                </SessionProvider>
              </SnackbarProvider>
            </AppLoadingProvider>
          </QueryClientProvider>
        </I18nProvider>
      </AppThemeProvider>
    </ConfigProvider>
  );
}

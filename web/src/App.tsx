import { IsRestoringProvider, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api/queries';
import { ErrorBoundary } from './components/ErrorBoundary';
import { useMarkHydrated, whenPageHydrated } from './components/HydrationPart';
import { OutageNotice } from './components/OutageNotice';
import { useDialogOpen } from './components/ui/dialogOpen';
import { ThemeProvider, useTheme } from './lib/ThemeProvider';
import { useHydrated } from './lib/useHydrated';
import { loadSonner, useToastsWanted } from './lib/toast';
import { createRouter } from './router';

// Mounted with the first toast (lib/toast.ts), which loads the library.
const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function ThemedToaster() {
  const { theme } = useTheme();
  // A screen's main action sits at its top right, a form's submit button at the right, and the account
  // banners under the header: toasts go to the bottom left of the content (beside the sidebar, see
  // index.css), and along the bottom of a phone. A dialog's buttons are at its bottom, so while one is open
  // they show at the top centre, over its backdrop.
  const dialogOpen = useDialogOpen();
  return (
    <Toaster
      position={dialogOpen ? 'top-center' : 'bottom-left'}
      duration={5000}
      closeButton
      richColors
      theme={theme}
    />
  );
}

/** The toaster from the first toast on (lib/toast.ts loads the library with it). */
function ToasterOnceWanted() {
  return useToastsWanted() ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

/** Not part of a pre-rendered page: mounts once hydration is done (a leaf, so only it draws then). */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * Everything around the router: shared by the browser app and the renders ahead of it (the build's
 * pre-render, the server's signed-in pages), which set `hydrating`, as does the app hydrating them.
 */
export function AppProviders({
  queryClient,
  hydrating = false,
  children,
}: {
  queryClient: QueryClient;
  hydrating?: boolean;
  children: ReactNode;
}) {
  // While a drawn page hydrates, its reads wait (TanStack Query's restoring state: no fetch, no
  // subscription): a part that hydrates later must find them as they were drawn, not with what
  // arrived meanwhile, which React would report as a mismatch. Then they go, in a transition.
  const [restoring, setRestoring] = useState(hydrating);
  useEffect(() => {
    if (!restoring) return;
    return whenPageHydrated(() => startTransition(() => setRestoring(false)));
  }, [restoring]);
  return (
    <ErrorBoundary>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
          <AfterHydration>
            <OutageNotice />
            <ToasterOnceWanted />
          </AfterHydration>
        </QueryClientProvider>
      </ThemeProvider>
    </ErrorBoundary>
  );
}

/**
 * `router` and `queryClient`: made before the first render, see main.tsx (the router loading the
 * first page's code, the client its first reads); else one per mount, so tests build isolated apps.
 */
export function App({
  router: given,
  queryClient: givenClient,
  hydrating = false,
}: { router?: ReturnType<typeof createRouter>; queryClient?: QueryClient; hydrating?: boolean } = {}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  const [router] = useState(() => given ?? createRouter());
  // A new language redraws every screen (amounts and dates too, which are written without `t`).
  const { i18n } = useTranslation();
  // ...and asks the server again for what it words itself (notifications), now in that language.
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries();
    i18n.on('languageChanged', refetch);
    return () => i18n.off('languageChanged', refetch);
  }, [i18n, queryClient]);
  // <html lang> says the language once the screens are drawn in it (not while its catalogues load).
  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  // The page responds once its last part has hydrated (HydrationPart): browser tests wait for
  // it before they click, as a control of a page not yet hydrated does nothing.
  useMarkHydrated();
  return (
    <AppProviders queryClient={queryClient} hydrating={hydrating}>
      <RouterProvider key={i18n.language} router={router} />
    </AppProviders>
  );
}

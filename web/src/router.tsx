import { Navigate, Outlet, ScrollRestoration, createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from './components/ComingSoon';
import { NavigationProgress } from './components/NavigationProgress';
import { RouteError } from './components/RouteError';
import { PageLoader } from './components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';
import { AppNotFound, PublicNotFound } from './routes/NotFound';
import { Unauthorized } from './routes/app/Unauthorized';
import { Home } from './routes/public/Home';
import { adminScreens, publicScreens, userScreens } from './routes/screens';

function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const comingSoon = (screens: { path: string; title: string }[]): RouteObject[] =>
  screens.map(({ path, title }) => ({ path, element: <ComingSoon key={path} title={title} /> }));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <Home /> },
          ...comingSoon(publicScreens),
          { path: 'app/verify/totp', element: <ComingSoon title="Two-Factor Setup" /> },
          { path: 'app/unauthorized', element: <Unauthorized /> },
          { path: '*', element: <PublicNotFound /> },
        ],
      },
      { path: 'admin', element: <Navigate to="/app/admin/dashboard" replace /> },
      {
        path: 'app',
        children: [
          {
            // Lazy chunk; the guard of a later issue wraps this route.
            path: 'admin',
            lazy: () => import('./routes/admin/AdminArea'),
            children: [{ index: true, element: <Navigate to="dashboard" replace /> }, ...comingSoon(adminScreens)],
          },
          {
            // Pathless so that a bare /app/{name} falls through to the app 404 below.
            lazy: () => import('./routes/app/UserArea'),
            children: comingSoon(userScreens).map((route) => ({ ...route, path: `:userName/${route.path}` })),
          },
          { path: '*', element: <AppNotFound /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

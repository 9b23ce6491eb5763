import {
  Navigate,
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { NavigationProgress } from './components/NavigationProgress';
import { RouteError } from './components/RouteError';
import { PageLoader } from './components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';
import { Home } from './routes/public/Home';
import { AppNotFound, PublicNotFound } from './routes/NotFound';
import { Unauthorized } from './routes/app/Unauthorized';
import { RequireOwnArea, RequireSession, RequireStaff } from './routes/guards';
import { publicPageRoutes } from './routes/public/pages/routes';
import { numbersFirst } from './lib/format';
import { inSteps, nextTask } from './lib/tasks';

function Root() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

// Sign-in screens carry the form libraries: loaded on demand so the public pages stay light, and
// run in steps (zod's core, then the contract's modules their forms check with, in the order they import
// each other, then the screen) so that none is one long task on a phone.
const userSchemas = [
  () => import('./i18n/zod-config'),
  () => Promise.all([import('@contract/text'), import('@contract/pagination')]),
  () => import('@contract/settings'),
  () => import('@contract/users'),
];
const authSchemas = [...userSchemas, () => import('@contract/auth')];
const register = inSteps(userSchemas, () => import('./routes/auth/register/Register'));
const login = inSteps(authSchemas, () => import('./routes/auth/Login').then((m) => ({ Component: m.Login })));
const forgotPassword = inSteps(authSchemas, () =>
  import('./routes/auth/ForgotPassword').then((m) => ({ Component: m.ForgotPassword })),
);
const resetPassword = () => import('./routes/auth/ResetPassword').then((m) => ({ Component: m.ResetPassword }));
const confirmEmail = () => import('./routes/auth/ConfirmEmail').then((m) => ({ Component: m.ConfirmEmail }));
const otpVerify = () => import('./routes/auth/OtpVerify').then((m) => ({ Component: m.OtpVerify }));
// Its number formats are built in a task of their own first (see prepareAssetFormats).
const assetManagement = inSteps(
  [() => import('./routes/public/markets/format').then((m) => m.prepareAssetFormats())],
  () => import('./routes/public/assets/AssetManagement'),
);
const securitySettings = () => import('./routes/app/security/SecuritySettings');

/**
 * The signed-in areas (investor and back office): two thirds of the app's route paths. The
 * browser's router starts without them and adds them the first time a path under /app is asked
 * for (publicFirst).
 */
const signedInAreas: RouteObject[] = [
  {
    element: <RequireSession />,
    children: [
      {
        path: 'admin',
        element: <RequireStaff />,
        children: [
          {
            // Lazy chunk: the admin frame and its screens.
            lazy: numbersFirst(() => import('./routes/admin/AdminArea')),
            children: [
              { index: true, element: <Navigate to="dashboard" replace /> },
              { path: 'security-settings', lazy: securitySettings },
              { path: 'packages', lazy: () => import('./routes/admin/packages/Packages') },
              {
                path: 'manage-investments',
                lazy: () => import('./routes/admin/investments/ManageInvestments'),
              },
              { path: 'users-deposits', lazy: () => import('./routes/admin/funds/UserDeposits') },
              { path: 'user-withdrawal', lazy: () => import('./routes/admin/funds/UserWithdrawals') },
              { path: 'manage-transactions', lazy: () => import('./routes/admin/funds/ManageTransactions') },
              {
                path: 'order-confirmation/:referenceNumber',
                lazy: () => import('./routes/admin/funds/AdminOrder'),
              },
              { path: 'reports', lazy: () => import('./routes/admin/reports/Reports') },
              { path: 'audit-log', lazy: () => import('./routes/admin/audit/AuditLog') },
              { path: 'dashboard', lazy: () => import('./routes/admin/dashboard/AdminDashboard') },
              { path: 'manage-users', lazy: () => import('./routes/admin/users/ManageUsers') },
              { path: 'site-settings', lazy: () => import('./routes/admin/settings/SiteSettings') },
              {
                path: 'send-notification',
                lazy: () => import('./routes/admin/notifications/SystemNotifications'),
              },
              { path: 'support', lazy: () => import('./routes/admin/support/SupportInbox') },
              { path: 'kyc', lazy: () => import('./routes/admin/kyc/KycQueue') },
              { path: 'jobs', lazy: () => import('./routes/admin/jobs/JobMonitor') },
              { path: 'mail-outbox', lazy: () => import('./routes/admin/mail/MailOutbox') },
              { path: 'email-templates', lazy: () => import('./routes/admin/emails/EmailTemplates') },
              {
                path: 'email-templates/:event/:locale',
                lazy: () => import('./routes/admin/emails/EmailTemplateEditor'),
              },
            ],
          },
        ],
      },
      {
        // Pathless so that a bare /app/{name} falls through to the app 404 below.
        element: <RequireOwnArea />,
        children: [
          {
            lazy: numbersFirst(() => import('./routes/app/UserArea')),
            children: [
              { path: ':userName/profile', lazy: () => import('./routes/app/profile/Profile') },
              { path: ':userName/security-settings', lazy: securitySettings },
              { path: ':userName/investments', lazy: () => import('./routes/app/investments/Investments') },
              { path: ':userName/downlinks', lazy: () => import('./routes/app/referrals/Referrals') },
              { path: ':userName/account', lazy: () => import('./routes/app/funds/Account') },
              {
                path: ':userName/transactions-history',
                lazy: () => import('./routes/app/funds/TransactionsHistory'),
              },
              {
                path: ':userName/order/:referenceNumber',
                lazy: () => import('./routes/app/funds/OrderConfirmation'),
              },
              { path: ':userName/dashboard', lazy: () => import('./routes/app/dashboard/Dashboard') },
              {
                path: ':userName/notifications',
                lazy: () => import('./routes/app/notifications/Notifications'),
              },
              { path: ':userName/support', lazy: () => import('./routes/app/support/Support') },
              { path: ':userName/verification', lazy: () => import('./routes/app/verification/Verification') },
              { path: ':userName/proof-of-liabilities', lazy: () => import('./routes/app/proof/MyProof') },
            ],
          },
        ],
      },
    ],
  },
];

const APP_ROUTE_ID = 'app';

/** The route tree, with `app` as the children of /app (its not-found page last). */
function routeTree(app: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            { index: true, element: <Home /> },
            ...publicPageRoutes,
            { path: 'markets', lazy: numbersFirst(() => import('./routes/public/markets/Markets')) },
            { path: 'asset-management', lazy: assetManagement },
            { path: 'login', lazy: login },
            { path: 'register', lazy: register },
            { path: 'register/:referralId', lazy: register },
            { path: 'forgot-password', lazy: forgotPassword },
            { path: 'reset-password/:token', lazy: resetPassword },
            { path: 'verify/confirm-email', lazy: confirmEmail },
            { path: 'verify/confirm-email/:token', lazy: confirmEmail },
            { path: 'auth/otp-verify', lazy: otpVerify },
            {
              element: <RequireSession />,
              children: [{ path: 'app/verify/totp', lazy: () => import('./routes/app/security/TotpSetup') }],
            },
            { path: 'app/unauthorized', element: <Unauthorized /> },
            { path: '*', element: <PublicNotFound /> },
          ],
        },
        { path: 'admin', element: <Navigate to="/app/admin/dashboard" replace /> },
        { id: APP_ROUTE_ID, path: 'app', children: [...app, { path: '*', element: <AppNotFound /> }] },
      ],
    },
  ];
}

/** Every route: what the pre-render and the server draw with, and what a link's code is looked up in. */
export const routes: RouteObject[] = routeTree(signedInAreas);

const underApp = (path: string) => path === '/app' || path.startsWith('/app/');

/**
 * Where the browser's router starts. React Router flattens and ranks every route path in the task
 * that makes the router (on Home that task took 17-28 ms of a desktop's main thread as Lighthouse
 * records it with the whole tree, 7-15 ms without the signed-in areas): it starts with the public
 * pages only, and the signed-in areas join, in a task of their own, on the first navigation under
 * /app (its lazy route discovery: a path only the /app not-found page matches asks for them). The
 * flag spares React Router a second flattening of the whole tree on later navigations.
 */
export function publicFirst(): { routes: RouteObject[]; patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  let added = false;
  return {
    routes: routeTree([]),
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (added || !underApp(path)) return;
      await nextTask();
      if (signal.aborted) return;
      patch(APP_ROUTE_ID, signedInAreas);
      added = true;
    },
  };
}

export function createRouter() {
  const { routes: start, patchRoutesOnNavigation } = publicFirst();
  return createBrowserRouter(start, { patchRoutesOnNavigation });
}

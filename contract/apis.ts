// Every API of the contract: the web build lists each route's method and path from here
// (web/api-routes.ts), and contract/apis.test.ts checks that none is missing.
export { activityApi } from './activity';
export { auditApi } from './audit';
export { authApi } from './auth';
export { contactApi } from './contact';
export { depositsApi } from './deposits';
export { emailTemplatesApi } from './email-templates';
export { payoutApi } from './funds';
export { healthApi } from './health';
export { investmentsApi } from './investments';
export { jobsApi } from './jobs';
export { kycApi } from './kyc';
export { mailApi } from './mail';
export { metricsApi } from './metrics';
export { notificationsApi } from './notifications';
export { plansApi } from './plans';
export { pricesApi } from './prices';
export { referralsApi } from './referrals';
export { reportsApi } from './reports';
export { sessionsApi } from './sessions';
export { settingsApi } from './settings';
export { supportApi } from './support';
export { transactionsApi } from './transactions';
export { twoFactorApi } from './twofactor';
export { usersApi } from './users';
export { securityHoldApi } from './users';
export { withdrawalsApi } from './withdrawals';

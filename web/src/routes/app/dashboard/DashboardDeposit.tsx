import { DepositForm } from '../funds/DepositForm';
import { DASHBOARD_DEPOSIT_METHODS } from '../funds/amounts';

/** The dashboard's Deposit tab: loaded when it is opened, with the form's schemas (zod). */
export default function DashboardDeposit() {
  return <DepositForm methods={DASHBOARD_DEPOSIT_METHODS} />;
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../api/session';
import { OrderReceipt } from '../../../components/OrderReceipt';
import { usePageTitle } from '../../../lib/usePageTitle';

/** /app/admin/order-confirmation/:referenceNumber: any user's receipt, back to where staff came from. */
export function Component() {
  const { t } = useTranslation('adminMoney');
  usePageTitle(t('order.title'));
  const { referenceNumber = '' } = useParams();
  // Transaction Management is admin only; moderators go back to their dashboard.
  const isAdmin = useSession().data?.role === 'admin';
  const back = isAdmin
    ? { to: '/app/admin/manage-transactions', label: t('order.backToTransactions') }
    : { to: '/app/admin/dashboard', label: t('order.backToDashboard') };
  return <OrderReceipt referenceNumber={referenceNumber} back={back} />;
}

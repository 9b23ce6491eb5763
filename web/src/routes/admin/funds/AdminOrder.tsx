import { useParams } from 'react-router';
import { useSession } from '../../../api/session';
import { OrderReceipt } from '../../../components/OrderReceipt';
import { usePageTitle } from '../../../lib/usePageTitle';

/** /app/admin/order-confirmation/:referenceNumber: any user's receipt, back to where staff came from. */
export function Component() {
  usePageTitle('Order Confirmation');
  const { referenceNumber = '' } = useParams();
  // Transaction Management is admin only; moderators go back to their dashboard.
  const isAdmin = useSession().data?.role === 'admin';
  const back = isAdmin
    ? { to: '/app/admin/manage-transactions', label: 'Back to Transactions' }
    : { to: '/app/admin/dashboard', label: 'Return to Dashboard' };
  return <OrderReceipt referenceNumber={referenceNumber} back={back} />;
}

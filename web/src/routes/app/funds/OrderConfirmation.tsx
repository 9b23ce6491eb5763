import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { OrderReceipt } from '../../../components/OrderReceipt';
import { userBase } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/usePageTitle';

/** /app/:userName/order/:referenceNumber (spec §2 Order confirmation). */
export function Component() {
  const { t } = useTranslation('app');
  usePageTitle(t('order.pageTitle'));
  const { userName = '', referenceNumber = '' } = useParams();
  return (
    <OrderReceipt
      key={referenceNumber}
      referenceNumber={referenceNumber}
      back={{ to: `${userBase(userName)}/dashboard`, label: t('order.back') }}
    />
  );
}

import { Badge } from '../../../components/Notice';
import { statusTone } from '../../../components/OrderReceipt';
import { useLocale } from '../../../i18n/locale';
import { useMoneyWords } from '../../../lib/words';

/** A money record's status pill in the active language, upper-cased as on the receipt: "PENDING", "ОТКЛОНЕНО". */
export function MoneyStatusBadge({ status }: { status: string }) {
  const words = useMoneyWords();
  const locale = useLocale();
  return <Badge tone={statusTone(status)}>{words.status(status).toLocaleUpperCase(locale)}</Badge>;
}

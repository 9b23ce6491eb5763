import { Trans, useTranslation } from 'react-i18next';
import type { PaymentInstructions } from '../api/funds';

/**
 * Where and how to pay a deposit that waits for an admin: the operator's address for its
 * currency with a QR code of it, the deposit's reference as the memo, and the operator's words.
 */
export function PaymentInstructionsPanel({ instructions: p }: { instructions: PaymentInstructions }) {
  const { t } = useTranslation('ui');
  return (
    <section className="flex flex-col gap-3 text-sm" data-testid="payment-instructions" aria-label={t('payment.title')}>
      <h2 className="font-semibold">{t('payment.title')}</h2>
      {p.address ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {p.qrCode ? (
            <img
              src={p.qrCode}
              alt={t('payment.qrAlt', { address: p.address })}
              width={128}
              height={128}
              className="size-32 shrink-0 rounded-md bg-white p-1"
            />
          ) : null}
          <dl className="grid min-w-0 gap-1">
            <dt className="text-muted">{t('payment.sendTo', { currency: p.currency })}</dt>
            <dd className="font-mono text-xs break-all" data-testid="payment-address">
              {p.address}
            </dd>
            <dt className="mt-1 text-muted">{t('payment.memo')}</dt>
            <dd className="font-mono text-xs" data-testid="payment-memo">
              {p.memo}
            </dd>
          </dl>
        </div>
      ) : (
        <p>
          <Trans
            t={t}
            i18nKey="payment.noAddress"
            values={{ currency: p.currency, memo: p.memo }}
            components={{ memo: <span className="font-mono text-xs" data-testid="payment-memo" /> }}
          />
        </p>
      )}
      {p.note ? <p className="break-words whitespace-pre-wrap">{p.note}</p> : null}
      <p className="text-xs text-muted">{t('payment.credited')}</p>
    </section>
  );
}

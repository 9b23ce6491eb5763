import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import type { Profile } from '@contract/users';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useUpdatePayoutDetails } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { OtpInput, PasswordField, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { Notice } from '../../../components/Notice';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import {
  payoutDefaults,
  payoutField,
  payoutPatch,
  payoutSchema,
  type PayoutOutput,
  type PayoutValues,
} from './payoutSchema';

/** The security hold still running, if any. */
export function activeHold(profile: Profile, now = Date.now()): string | null {
  return profile.securityHoldUntil && new Date(profile.securityHoldUntil).getTime() > now
    ? profile.securityHoldUntil
    : null;
}

function Item({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className={`mt-0.5 text-sm break-all ${mono ? 'font-mono' : ''}`}>
        {value || <span className="font-sans text-muted">{t('profile.notSet')}</span>}
      </dd>
    </div>
  );
}

function PayoutForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const update = useUpdatePayoutDetails(profile.id);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PayoutValues, unknown, PayoutOutput>({
    resolver: zodResolver(payoutSchema(profile.twoFactorEnabled)),
    defaultValues: payoutDefaults(profile),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const patch = payoutPatch(values, profile);
    if (!patch) {
      setFailure(t('profile.payout.form.nothingChanged'));
      return;
    }
    setFailure(undefined);
    update.mutate(patch, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        onDone();
      },
      onError: (err) => {
        const issues = fieldIssues(err);
        for (const issue of issues) form.setError(payoutField(issue.field), { message: issue.message });
        const message = errorMessage(err, t('profile.payout.form.failed'));
        if (issues.length === 0) setFailure(message);
        toast.error(message);
      },
    });
  });

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="payout-form">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">{t('profile.payout.form.cryptoWallets')}</legend>
        <TextField
          label={t('profile.payout.form.btcAddress')}
          autoComplete="off"
          spellCheck={false}
          error={errors.btcWallet?.message}
          {...form.register('btcWallet')}
        />
        <TextField
          label={t('profile.payout.form.usdtAddress')}
          autoComplete="off"
          spellCheck={false}
          error={errors.ethWallet?.message}
          {...form.register('ethWallet')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('profile.payout.form.bankAccount')}</legend>
        <TextField
          label={t('profile.payout.field.accountHolder')}
          autoComplete="name"
          error={errors.bank?.accountHolder?.message}
          {...form.register('bank.accountHolder')}
        />
        <TextField
          label={t('profile.payout.field.bankName')}
          autoComplete="off"
          error={errors.bank?.bankName?.message}
          {...form.register('bank.bankName')}
        />
        <TextField
          label={t('profile.payout.field.accountNumber')}
          autoComplete="off"
          error={errors.bank?.accountNumber?.message}
          {...form.register('bank.accountNumber')}
        />
        <TextField
          label={t('profile.payout.field.swift')}
          autoComplete="off"
          placeholder={t('profile.payout.form.swiftPlaceholder')}
          error={errors.bank?.swift?.message}
          {...form.register('bank.swift')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 text-sm font-semibold">{t('profile.payout.form.confirm')}</legend>
        <Notice tone="warning">{t('profile.payout.form.holdWarning')}</Notice>
        <PasswordField
          label={t('profile.payout.form.currentPassword')}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        {profile.twoFactorEnabled ? (
          <Controller
            control={form.control}
            name="totpCode"
            render={({ field, fieldState }) => (
              <OtpInput
                value={field.value}
                onChange={field.onChange}
                label={t('profile.payout.form.totp')}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </fieldset>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onDone} disabled={update.isPending}>
          {t('common:action.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.payout.form.save')}
        </button>
      </div>
    </form>
  );
}

/** Where withdrawals are paid: both wallets and the bank, changed only with the password (and 2FA code). */
export function PayoutDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'common']);
  const [editing, setEditing] = useState(false);
  const hold = activeHold(profile);
  const { bank } = profile;
  return (
    <SectionCard
      title={t('profile.payout.title')}
      description={t('profile.payout.description')}
      icon={Wallet}
      testId="payout-details"
      actions={
        <button type="button" className="btn-secondary px-3" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden="true" />
          {/* Icon only on a phone, so the card's title and description keep their width. */}
          <span className="max-sm:sr-only">{t('common:action.edit')}</span>
        </button>
      }
    >
      <div className="flex flex-col gap-4">
        {hold ? (
          <Notice tone="warning" testId="security-hold">
            {t('profile.payout.hold', { date: formatDateTime(hold) })}
          </Notice>
        ) : null}
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label={t('profile.payout.field.btcWallet')} value={profile.Account.BTC_Wallet_Address} mono />
          <Item label={t('profile.payout.field.usdtWallet')} value={profile.Account.ETH_Wallet_Address} mono />
          <Item label={t('profile.payout.field.accountHolder')} value={bank.accountHolder} />
          <Item label={t('profile.payout.field.bankName')} value={bank.bankName} />
          <Item label={t('profile.payout.field.accountNumber')} value={bank.accountNumber} mono />
          <Item label={t('profile.payout.field.swift')} value={bank.swift} mono />
        </dl>
      </div>
      <Modal
        open={editing}
        onOpenChange={setEditing}
        title={t('profile.payout.modal.title')}
        description={t('profile.payout.modal.description')}
        size="lg"
        testId="payout-modal"
      >
        <PayoutForm profile={profile} onDone={() => setEditing(false)} />
      </Modal>
    </SectionCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Profile } from '@contract/users';
import { errorMessage, fieldIssues } from '../../../api/client';
import { useUpdatePayoutDetails } from '../../../api/funds';
import { SectionCard } from '../../../components/Card';
import { OtpInput, PasswordField, TextField } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { Notice } from '../../../components/Notice';
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
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className={`mt-0.5 text-sm break-all ${mono ? 'font-mono' : ''}`}>
        {value || <span className="font-sans text-muted">Not set</span>}
      </dd>
    </div>
  );
}

function PayoutForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
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
      setFailure('Nothing changed: edit a wallet or the bank details first.');
      return;
    }
    setFailure(undefined);
    update.mutate(patch, {
      onSuccess: ({ message }) => {
        toast.success(message);
        onDone();
      },
      onError: (err) => {
        const issues = fieldIssues(err);
        for (const issue of issues) form.setError(payoutField(issue.field), { message: issue.message });
        const message = errorMessage(err, 'Failed to update profile');
        if (issues.length === 0) setFailure(message);
        toast.error(message);
      },
    });
  });

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate data-testid="payout-form">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold">Crypto wallets</legend>
        <TextField
          label="BTC wallet address"
          autoComplete="off"
          spellCheck={false}
          error={errors.btcWallet?.message}
          {...form.register('btcWallet')}
        />
        <TextField
          label="USDT-TRON wallet address"
          autoComplete="off"
          spellCheck={false}
          error={errors.ethWallet?.message}
          {...form.register('ethWallet')}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Bank account (USD withdrawals)</legend>
        <TextField
          label="Account holder"
          autoComplete="name"
          error={errors.bank?.accountHolder?.message}
          {...form.register('bank.accountHolder')}
        />
        <TextField
          label="Bank name"
          autoComplete="off"
          error={errors.bank?.bankName?.message}
          {...form.register('bank.bankName')}
        />
        <TextField
          label="IBAN or account number"
          autoComplete="off"
          error={errors.bank?.accountNumber?.message}
          {...form.register('bank.accountNumber')}
        />
        <TextField
          label="SWIFT / BIC"
          autoComplete="off"
          placeholder="8 or 11 characters"
          error={errors.bank?.swift?.message}
          {...form.register('bank.swift')}
        />
      </fieldset>
      <fieldset className="grid gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 text-sm font-semibold">Confirm it's you</legend>
        <Notice tone="warning">
          After a change, withdrawals are paused for a security hold, so nobody who got into your account can send your
          money elsewhere.
        </Notice>
        <PasswordField
          label="Current password"
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
                label="Authenticator code"
                error={fieldState.error?.message}
              />
            )}
          />
        ) : null}
      </fieldset>
      {failure ? <Notice tone="error">{failure}</Notice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Payout Details'}
        </button>
      </div>
    </form>
  );
}

/** Where withdrawals are paid: both wallets and the bank, changed only with the password (and 2FA code). */
export function PayoutDetails({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false);
  const hold = activeHold(profile);
  const { bank } = profile;
  return (
    <SectionCard
      title="Payout Details"
      description="Crypto withdrawals go to your wallets, USD withdrawals to your bank account."
      icon={Wallet}
      testId="payout-details"
      actions={
        <button type="button" className="btn-secondary px-3" onClick={() => setEditing(true)}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </button>
      }
    >
      <div className="flex flex-col gap-4">
        {hold ? (
          <Notice tone="warning" testId="security-hold">
            Withdrawals are paused after a recent security change until {formatDateTime(hold)}.
          </Notice>
        ) : null}
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label="BTC wallet" value={profile.Account.BTC_Wallet_Address} mono />
          <Item label="USDT-TRON wallet" value={profile.Account.ETH_Wallet_Address} mono />
          <Item label="Account holder" value={bank.accountHolder} />
          <Item label="Bank name" value={bank.bankName} />
          <Item label="IBAN or account number" value={bank.accountNumber} mono />
          <Item label="SWIFT / BIC" value={bank.swift} mono />
        </dl>
      </div>
      <Modal
        open={editing}
        onOpenChange={setEditing}
        title="Edit Payout Details"
        description="Where your withdrawals are paid."
        size="lg"
        testId="payout-modal"
      >
        <PayoutForm profile={profile} onDone={() => setEditing(false)} />
      </Modal>
    </SectionCard>
  );
}

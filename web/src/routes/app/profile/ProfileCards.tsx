import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, Landmark, MailWarning, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Profile } from '../../../../../contract/users';
import { useUpdateProfile } from '../../../api/account';
import { resendConfirmation } from '../../../api/auth';
import { errorMessage, fieldIssues } from '../../../api/client';
import { SectionCard } from '../../../components/Card';
import { TextField } from '../../../components/FormField';
import { Notice } from '../../../components/Notice';
import { SwitchRow } from '../../../components/Switch';
import { zBank, type BankValues } from './personalSchema';

/** Unconfirmed email: where the banner's "Verify Now" leads. */
export function VerifyEmailNotice({ profile }: { profile: Profile }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      toast.success((await resendConfirmation(profile.email)).message);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to resend confirmation email'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Notice
      tone="warning"
      title="Confirm your email address"
      testId="verify-email-notice"
      action={
        <button type="button" className="btn-secondary" onClick={() => void resend()} disabled={busy}>
          <MailWarning className="size-4" aria-hidden="true" />
          {busy ? 'Sending...' : 'Resend confirmation email'}
        </button>
      }
    >
      We sent a link to <strong>{profile.email}</strong>. Open it to confirm your address and unlock deposits, investments and withdrawals.
    </Notice>
  );
}

/** Wallets the account pays out to (set at registration). */
export function WalletsCard({ profile }: { profile: Profile }) {
  const wallets: [string, string][] = [
    ['BTC wallet', profile.Account.BTC_Wallet_Address],
    ['USDT-TRON wallet', profile.Account.ETH_Wallet_Address],
  ];
  return (
    <SectionCard title="Wallets" icon={Wallet} description="Crypto withdrawals are sent to these addresses.">
      <dl className="flex flex-col gap-3">
        {wallets.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
            <dd className="mt-0.5 font-mono text-sm break-all">{value || <span className="font-sans text-muted">Not set</span>}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}

/** Email and Telegram notification switches, saved at once. */
export function NotificationPrefs({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.id);
  const save = (patch: { emailNotifications: boolean } | { telegramNotifications: boolean }) =>
    update.mutate(patch, {
      onSuccess: () => toast.success('Notification preferences updated'),
      onError: (err) => toast.error(errorMessage(err, 'Failed to update preferences')),
    });
  return (
    <SectionCard title="Notifications" icon={BellRing} description="Choose how we keep you informed." testId="notification-prefs">
      <div className="divide-y divide-line">
        <SwitchRow
          label="Email notifications"
          description="Deposits, withdrawals, payouts and security alerts."
          checked={profile.emailNotifications}
          disabled={update.isPending}
          onCheckedChange={(value) => save({ emailNotifications: value })}
          testId="email-notifications"
        />
        <SwitchRow
          label="Telegram notifications"
          description="The same alerts through our Telegram bot."
          checked={profile.telegramNotifications}
          disabled={update.isPending}
          onCheckedChange={(value) => save({ telegramNotifications: value })}
          testId="telegram-notifications"
        />
      </div>
    </SectionCard>
  );
}

/** Where USD withdrawals are paid: holder, bank, IBAN or account number, SWIFT/BIC. */
export function BankDetails({ profile }: { profile: Profile }) {
  const update = useUpdateProfile(profile.id);
  const form = useForm<BankValues, unknown, z.output<typeof zBank>>({ resolver: zodResolver(zBank), values: profile.bank, resetOptions: { keepDirtyValues: true } });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((bank) => {
    update.mutate(
      { bank },
      {
        onSuccess: () => toast.success('Bank details saved'),
        onError: (err) => {
          for (const issue of fieldIssues(err)) form.setError(issue.field.replace(/^bank\./, '') as keyof BankValues, { message: issue.message });
          toast.error(errorMessage(err, 'Failed to update profile'));
        },
      },
    );
  });

  return (
    <SectionCard title="Bank Details" description="Used for withdrawals in USD. Leave empty if you only withdraw in crypto." icon={Landmark} testId="bank-details">
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
        <TextField label="Account holder" autoComplete="name" error={errors.accountHolder?.message} {...form.register('accountHolder')} />
        <TextField label="Bank name" autoComplete="off" error={errors.bankName?.message} {...form.register('bankName')} />
        <TextField label="IBAN or account number" autoComplete="off" error={errors.accountNumber?.message} {...form.register('accountNumber')} />
        <TextField label="SWIFT / BIC" autoComplete="off" placeholder="8 or 11 characters" error={errors.swift?.message} {...form.register('swift')} />
        <div className="flex justify-end sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={update.isPending || !isDirty}>
            {update.isPending ? 'Saving...' : 'Save Bank Details'}
          </button>
        </div>
      </form>
    </SectionCard>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { KeySquare, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { zTwoFactorCode, zTwoFactorDisable, type TwoFactorDisable } from '@contract/twofactor';
import type { Profile } from '@contract/users';
import { errorMessage } from '../../../api/client';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../../../api/twoFactor';
import { SectionCard } from '../../../components/Card';
import { OTP_LENGTH, OtpInput, PasswordField } from '../../../components/FormField';
import { Modal } from '../../../components/ui/Modal';
import { RecoveryCodes } from '../../../components/RecoveryCodes';
import { SwitchRow } from '../../../components/ui/Switch';
import { translateMessage } from '../../../i18n/messages';

interface DialogProps {
  userId: number;
  onClose: () => void;
}

/** The contract's code, complete: the six digits the app shows (the buttons wait for them). */
export const zAppCode = zTwoFactorCode.extend({ token: zTwoFactorCode.shape.token.length(OTP_LENGTH) });

type ProofValues = { token: string; password: string };

/** What turns 2FA off: the contract's proof from the field shown, a complete code or a password. */
export const disableProof = (withPassword: boolean) =>
  z.preprocess(
    ({ token, password }: ProofValues) => (withPassword ? { password } : { token }),
    zTwoFactorDisable.refine((proof) => proof.password !== undefined || proof.token?.length === OTP_LENGTH),
  );

/** Turning 2FA off needs a current code or the account password. */
export function DisableTwoFactorDialog({ userId, onClose }: DialogProps) {
  const { t } = useTranslation(['account', 'common']);
  const disable = useDisableTwoFactor(userId);
  const [withPassword, setWithPassword] = useState(false);
  const proof = disableProof(withPassword);
  // Both fields keep what was typed when the user switches between them.
  const form = useForm<ProofValues, unknown, TwoFactorDisable>({
    resolver: zodResolver(proof),
    defaultValues: { token: '', password: '' },
  });
  const values = useWatch({ control: form.control });
  const ready = proof.safeParse(values).success;

  const submit = form.handleSubmit((body) =>
    disable.mutate(body, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        onClose();
      },
      onError: (err) => toast.error(errorMessage(err, t('security.twoFactor.failed'))),
    }),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="sm"
      testId="disable-2fa-dialog"
      title={t('security.twoFactor.disable.title')}
      description={t('security.twoFactor.disable.description')}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {withPassword ? (
          <PasswordField
            label={t('security.twoFactor.disable.password')}
            autoComplete="current-password"
            autoFocus
            {...form.register('password')}
          />
        ) : (
          <Controller
            control={form.control}
            name="token"
            render={({ field }) => <OtpInput value={field.value} onChange={field.onChange} autoFocus />}
          />
        )}
        <button
          type="button"
          className="self-start text-sm font-medium text-accent hover:underline"
          onClick={() => setWithPassword((v) => !v)}
        >
          {withPassword ? t('security.twoFactor.disable.useCode') : t('security.twoFactor.disable.usePassword')}
        </button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common:action.cancel')}
          </button>
          <button
            type="submit"
            className="btn bg-red-600 text-white hover:bg-red-700"
            disabled={!ready || disable.isPending}
          >
            {disable.isPending ? t('security.twoFactor.disable.turningOff') : t('security.twoFactor.disable.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** New recovery codes (the old ones stop working), after a current code. */
export function RecoveryCodesDialog({ userId, onClose }: DialogProps) {
  const { t } = useTranslation(['account', 'common']);
  const regenerate = useRegenerateRecoveryCodes(userId);
  const form = useForm<z.input<typeof zAppCode>, unknown, z.output<typeof zAppCode>>({
    resolver: zodResolver(zAppCode),
    defaultValues: { token: '' },
  });
  const values = useWatch({ control: form.control });
  const ready = zAppCode.safeParse(values).success;
  const codes = regenerate.data?.recoveryCodes;

  const submit = form.handleSubmit(({ token }) =>
    regenerate.mutate(token, {
      onError: (err) => toast.error(errorMessage(err, t('security.twoFactor.failed'))),
    }),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      testId="recovery-codes-dialog"
      title={t('security.twoFactor.codes.title')}
      description={codes ? undefined : t('security.twoFactor.codes.description')}
      footer={
        codes ? (
          <button type="button" className="btn-primary" onClick={onClose}>
            {t('security.twoFactor.codes.saved')}
          </button>
        ) : null
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Controller
            control={form.control}
            name="token"
            render={({ field }) => <OtpInput value={field.value} onChange={field.onChange} autoFocus />}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('common:action.cancel')}
            </button>
            <button type="submit" className="btn-primary" disabled={!ready || regenerate.isPending}>
              {regenerate.isPending ? t('security.twoFactor.codes.generating') : t('security.twoFactor.codes.generate')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The 2FA toggle: on leads to /app/verify/totp; off asks for a code or the password. */
export function TwoFactorCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['account', 'common']);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  const toggle = (on: boolean) => {
    if (on) void navigate('/app/verify/totp');
    else setDialog('disable');
  };

  return (
    <SectionCard
      title={t('security.twoFactor.title')}
      description={t('security.twoFactor.description')}
      icon={Smartphone}
      testId="twofactor-card"
    >
      <SwitchRow
        label={profile.twoFactorEnabled ? t('security.enabled') : t('security.disabled')}
        description={profile.twoFactorEnabled ? t('security.twoFactor.onHint') : t('security.twoFactor.offHint')}
        checked={profile.twoFactorEnabled}
        onCheckedChange={toggle}
        testId="twofactor-toggle"
      />
      {profile.twoFactorEnabled ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-line pt-4">
          <button type="button" className="btn-secondary whitespace-normal" onClick={() => setDialog('codes')}>
            <KeySquare className="size-4" aria-hidden="true" />
            {t('security.twoFactor.regenerate')}
          </button>
        </div>
      ) : null}
      {dialog === 'disable' ? <DisableTwoFactorDialog userId={profile.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'codes' ? <RecoveryCodesDialog userId={profile.id} onClose={() => setDialog(null)} /> : null}
    </SectionCard>
  );
}

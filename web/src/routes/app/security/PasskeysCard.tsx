import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { zPasskeyName, type Passkey } from '@contract/passkeys';
import { errorMessage } from '../../../api/client';
import { passkeyPromptFailure, useAddPasskey, usePasskeys, useRemovePasskey } from '../../../api/passkeys';
import { SectionCard } from '../../../components/Card';
import { PasswordField, TextField } from '../../../components/FormField';
import { Badge, LoadError, Notice } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { Modal } from '../../../components/ui/Modal';
import { translateMessage } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';

const zNewPasskey = z.object({ name: zPasskeyName });
const zPassword = z.object({ password: z.string().min(1) });

/** What failed, in words: the server's message, or why the browser's prompt gave nothing. */
function useFailure() {
  const { t } = useTranslation('account');
  return (err: unknown, fallback: string) => {
    const prompt = passkeyPromptFailure(err);
    if (prompt === 'alreadyRegistered') return t('security.passkeys.alreadyRegistered');
    if (prompt === 'cancelled') return t('security.passkeys.cancelled');
    return errorMessage(err, fallback);
  };
}

/** Removing a passkey: confirmed with the password, or with the prompt of another passkey. */
function RemovePasskeyDialog({
  passkey,
  canUseOther,
  onClose,
}: {
  passkey: Passkey;
  canUseOther: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const remove = useRemovePasskey();
  const failure = useFailure();
  const form = useForm<z.infer<typeof zPassword>>({
    resolver: zodResolver(zPassword),
    defaultValues: { password: '' },
  });
  const done = {
    onSuccess: ({ message }: { message: string }) => {
      toast.success(translateMessage(message));
      onClose();
    },
    onError: (err: unknown) => toast.error(failure(err, t('security.passkeys.removeFailed'))),
  };
  const submit = form.handleSubmit(({ password }) => remove.mutate({ id: passkey.id, password }, done));

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      size="sm"
      testId="remove-passkey-dialog"
      title={t('security.passkeys.confirm.title', { name: passkey.name })}
      description={t('security.passkeys.confirm.description')}
    >
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <PasswordField
          label={t('security.passkeys.confirm.password')}
          autoComplete="current-password"
          autoFocus
          {...form.register('password')}
        />
        {canUseOther ? (
          <button
            type="button"
            className="self-start text-sm font-medium text-accent hover:underline"
            disabled={remove.isPending}
            onClick={() => remove.mutate({ id: passkey.id, withPasskey: true }, done)}
          >
            {t('security.passkeys.confirm.withPasskey')}
          </button>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={remove.isPending}>
            {t('common:action.cancel')}
          </button>
          <button type="submit" className="btn bg-red-600 text-white hover:bg-red-700" disabled={remove.isPending}>
            {remove.isPending ? t('security.passkeys.confirm.removing') : t('security.passkeys.confirm.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const { t } = useTranslation('account');
  return (
    <div className="flex items-center gap-3 py-3" data-testid="passkey-row">
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted sm:flex">
        <Fingerprint className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{passkey.name}</span>
          {passkey.synced ? <Badge tone="neutral">{t('security.passkeys.synced')}</Badge> : null}
        </p>
        <p className="text-xs text-muted">
          <span className="whitespace-nowrap">
            {t('security.passkeys.added', { date: formatDateTime(passkey.createdAt) })}
          </span>
          {' · '}
          <span className="whitespace-nowrap">
            {passkey.lastUsedAt
              ? t('security.passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt) })
              : t('security.passkeys.neverUsed')}
          </span>
        </p>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0 px-3"
        onClick={onRemove}
        aria-label={t('security.passkeys.removeLabel', { name: passkey.name })}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline">{t('security.passkeys.remove')}</span>
      </button>
    </div>
  );
}

/** Security Settings: the caller's passkeys, named, with when each was added and last used. */
export function PasskeysCard() {
  const { t } = useTranslation('account');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const failure = useFailure();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = browserSupportsWebAuthn();
  const form = useForm<z.input<typeof zNewPasskey>, unknown, z.output<typeof zNewPasskey>>({
    resolver: zodResolver(zNewPasskey),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(({ name }) =>
    add.mutate(name, {
      onSuccess: ({ message }) => {
        toast.success(translateMessage(message));
        form.reset({ name: '' });
      },
      onError: (err) => toast.error(failure(err, t('security.passkeys.addFailed'))),
    }),
  );
  const list = passkeys.data ?? [];

  return (
    <SectionCard
      title={t('security.passkeys.title')}
      description={t('security.passkeys.description')}
      icon={Fingerprint}
      testId="passkeys-card"
    >
      {passkeys.isPending ? <Spinner label={t('security.passkeys.loading')} /> : null}
      {passkeys.isError ? (
        <LoadError
          error={passkeys.error}
          fallback={t('security.passkeys.loadFailed')}
          onRetry={() => void passkeys.refetch()}
        />
      ) : null}
      {passkeys.data?.length === 0 ? <p className="text-sm text-muted">{t('security.passkeys.none')}</p> : null}
      {list.length > 0 ? (
        <ul className="-my-3 divide-y divide-line" aria-label={t('security.passkeys.caption')}>
          {list.map((passkey) => (
            <li key={passkey.id}>
              <PasskeyRow passkey={passkey} onRemove={() => setRemoving(passkey)} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-6 border-t border-line pt-4">
        {supported ? (
          <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={submit} noValidate>
            <TextField
              label={t('security.passkeys.name')}
              hint={t('security.passkeys.nameHint')}
              autoComplete="off"
              maxLength={60}
              className="flex-1"
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <button type="submit" className="btn-primary sm:mt-6" disabled={add.isPending}>
              <Plus className="size-4" aria-hidden="true" />
              {add.isPending ? t('security.passkeys.adding') : t('security.passkeys.add')}
            </button>
          </form>
        ) : (
          <Notice tone="info">{t('security.passkeys.unsupported')}</Notice>
        )}
      </div>
      {removing ? (
        <RemovePasskeyDialog
          passkey={removing}
          canUseOther={supported && list.length > 1}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </SectionCard>
  );
}

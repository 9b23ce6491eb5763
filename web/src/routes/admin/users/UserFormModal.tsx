import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserProfile } from '../../../api/adminUsers';
import { useDuplicateSignals } from '../../../api/kyc';
import { DuplicateSignals } from '../../../components/DuplicateSignals';
import { Modal } from '../../../components/ui/Modal';
import { LoadError } from '../../../components/Notice';
import { Spinner } from '../../../components/Spinner';
import { AddUserForm } from './AddUserForm';
import { EditUserForm } from './EditUserForm';
import { SecurityHoldCard } from './SecurityHoldCard';

/** The form mounts once the profile has arrived, its values taken from it (a refetch never overwrites typing). */
function EditUserBody({ id, isSelf, onClose }: { id: number; isSelf: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation('admin');
  const profile = useUserProfile(id);
  if (profile.isPending) return <Spinner />;
  if (profile.isError)
    return (
      <LoadError
        error={profile.error}
        fallback={t('users.form.failedProfile')}
        onRetry={() => void profile.refetch()}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <UserDuplicateSignals id={id} />
      <SecurityHoldCard profile={profile.data} />
      <EditUserForm key={profile.data.id} profile={profile.data} isSelf={isSelf} onClose={onClose} />
    </div>
  );
}

/** The user's duplicate-account flags, so staff see them where they manage the account. */
function UserDuplicateSignals({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const signals = useDuplicateSignals(id);
  if (signals.isPending) return <Spinner label={t('users.duplicates.checking')} />;
  if (signals.isError)
    return (
      <LoadError error={signals.error} fallback={t('shared.failedToFetch')} onRetry={() => void signals.refetch()} />
    );
  return (
    <section
      aria-label={t('users.duplicates.title')}
      className="flex flex-col gap-1"
      data-testid="user-duplicate-signals"
    >
      <h3 className="text-sm font-semibold">{t('users.duplicates.title')}</h3>
      <DuplicateSignals signals={signals.data.data} />
    </section>
  );
}

/** Add User (no id) or Edit User (an id), mounted afresh on each opening. */
export function UserFormModal({
  open,
  editId,
  selfId,
  onClose,
}: {
  open: boolean;
  editId: number | null;
  selfId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={editId ? t('users.form.editTitle') : t('users.add')}
      size="lg"
      testId="user-form"
    >
      {open ? (
        editId ? (
          <EditUserBody id={editId} isSelf={editId === selfId} onClose={onClose} />
        ) : (
          <AddUserForm onClose={onClose} />
        )
      ) : null}
    </Modal>
  );
}

import { Camera } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ProfileMsg, type Profile } from '@contract/users';
import { useUploadAvatar } from '../../../api/account';
import { errorMessage } from '../../../api/client';
import { AccountStateBadge, Avatar } from '../../../components/AccountDisplay';
import { Badge } from '../../../components/Notice';
import { translateMessage } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';

const MAX_BYTES = 2 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** First name, avatar with upload (images only, up to 2 MB), and the account's state. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar(profile.id);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') || !ACCEPT.split(',').includes(file.type) || file.size > MAX_BYTES) {
      toast.error(translateMessage(ProfileMsg.imageInvalid));
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ message }) => toast.success(translateMessage(message)),
      onError: (err) => toast.error(errorMessage(err, t('profile.header.uploadFailed'))),
    });
  };

  const fullName = `${profile.firstName} ${profile.lastName}`.trim() || profile.userName;
  return (
    <section className="card overflow-hidden" data-testid="profile-header">
      <div className="h-24 bg-[linear-gradient(120deg,#0b1220,#1e293b_55%,#b45309)]" aria-hidden="true" />
      <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end">
        <div className="relative -mt-12 self-start">
          <Avatar src={profile.profileImage} name={fullName} size="lg" />
          <button
            type="button"
            className="absolute right-0 bottom-0 flex size-9 items-center justify-center rounded-full border-2 border-surface bg-accent-bg text-accent-fg hover:bg-accent-bg-hover disabled:opacity-60"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
            aria-label={t('profile.header.upload')}
            title={t('profile.header.upload')}
          >
            <Camera className="size-4" aria-hidden="true" />
          </button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onFile}
            data-testid="avatar-input"
          />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-2xl font-bold">{profile.firstName || profile.userName}</h2>
          <p className="text-sm text-muted">
            @{profile.userName} · {t('profile.header.memberSince', { date: formatDate(profile.createdAt) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AccountStateBadge account={profile} />
          <Badge tone={profile.twoFactorEnabled ? 'success' : 'neutral'}>
            {profile.twoFactorEnabled ? t('profile.header.twoFactorOn') : t('profile.header.twoFactorOff')}
          </Badge>
        </div>
      </div>
      {upload.isPending ? (
        <p className="px-5 pb-4 text-sm text-muted" role="status">
          {t('profile.header.uploading')}
        </p>
      ) : null}
    </section>
  );
}

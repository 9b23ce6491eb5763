import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@contract/users';
import { useAccount } from '../api/account';
import { LoadError } from './Notice';
import { QueryView } from './QueryView';
import { PageLoader } from './Spinner';

/** The frame of a page about the signed-in user's own profile: loading, error with retry, then the page. */
export function ProfilePage({
  loading,
  testId,
  children,
}: {
  loading: string;
  testId: string;
  children: (profile: Profile) => ReactNode;
}) {
  const { session, profile } = useAccount();
  const { t } = useTranslation('ui');
  if (!session) return null;
  return (
    <QueryView
      query={profile}
      pending={<PageLoader label={loading} />}
      renderError={(error) => (
        <div className="mx-auto max-w-xl px-4 py-10">
          <LoadError error={error} fallback={t('profile.failed')} onRetry={() => void profile.refetch()} />
        </div>
      )}
    >
      {(data) => (
        <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-8" data-testid={testId}>
          {children(data)}
        </div>
      )}
    </QueryView>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** Thin bar at the top while a navigation loads (lazy chunks, later loaders). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { t } = useTranslation('common');
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={t('shell.loadingPage')}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-transparent"
    >
      <div className="h-full w-1/3 animate-[progress_1s_ease-in-out_infinite] bg-accent-bg" />
    </div>
  );
}

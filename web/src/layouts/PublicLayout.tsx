import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HydrationPart } from '../components/HydrationPart';
import { LiveChat } from '../components/LiveChat';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

export function PublicLayout() {
  const { t } = useTranslation('public');
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      {/* A pre-rendered page hydrates part by part, in shorter tasks (HydrationPart). */}
      <HydrationPart>
        <PublicHeader />
      </HydrationPart>
      <main id="main" className="flex-1">
        <HydrationPart>
          <Outlet />
        </HydrationPart>
      </main>
      <HydrationPart>
        <PublicFooter />
      </HydrationPart>
      <LiveChat />
    </div>
  );
}

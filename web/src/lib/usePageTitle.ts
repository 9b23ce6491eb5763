import { useEffect } from 'react';
import { useSiteName } from '../api/queries';

/** Sets the tab title to "{title} · {site name}" (the site name alone without a title). */
export function usePageTitle(title?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = title ? `${title} · ${siteName}` : siteName;
  }, [title, siteName]);
}

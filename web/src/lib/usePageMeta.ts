import { useEffect } from 'react';
import { usePageTitle } from './usePageTitle';

/**
 * The tab title and the meta description of a public page. index.html ships the default
 * description; a page swaps in its own while mounted and puts the default back on leaving,
 * so a page without one never shows another page's text.
 */
export function usePageMeta({ title, description }: { title?: string; description: string }): void {
  usePageTitle(title);
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}

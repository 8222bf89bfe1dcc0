import { useEffect } from 'react';

/** Sets the page title as `{title} · Cardbuilder` (or the product's title alone). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Cardbuilder` : 'Cardbuilder — digital business cards';
  }, [title]);
}

import { useEffect } from 'react';

/** Sets the document title for the current screen ("Settings · Drape"). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Drape` : 'Drape';
  }, [title]);
}

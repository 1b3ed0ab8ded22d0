import { useEffect } from 'react';

/** Sets the document title (the webview's title bar shows it). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import { useEffect } from 'react';
import { t } from '../i18n/texts.ts';

/** Sets the document title (the webview's title bar shows it). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = t(title);
  }, [title]);
}

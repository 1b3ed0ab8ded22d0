/** /pluralityCounting: About us (mission, advantages, team, support e-mail). */
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { useSiteConfig } from './api.ts';
import { themeStyle } from './theme.ts';
import { AboutContent } from './components/AboutContent.tsx';
import { SiteLoadFailure, SiteLoading } from './components/LoadStates.tsx';
import styles from './site.module.css';

export const ABOUT_PAGE_TITLE = 'About us';

export default function AboutUsPage() {
  usePageTitle(ABOUT_PAGE_TITLE);
  const { state, retry } = useSiteConfig();
  return (
    <main className={styles.page} style={state.status === 'ready' ? themeStyle(state.data.theme) : undefined}>
      <div className={styles.prose}>
        <h1>{ABOUT_PAGE_TITLE}</h1>
      </div>
      {state.status === 'loading' && <SiteLoading loadingText="Loading…" />}
      {state.status === 'failed' && <SiteLoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <AboutContent config={state.data} level={2} />}
    </main>
  );
}

/** /maySimilar: the privacy policy; with ?embedded=1 it is the frame of the official site's PrivacyPolicy tab. */
import { useSearchParams } from '../../shared/router/router.tsx';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { useSiteConfig } from './api.ts';
import { themeStyle } from './theme.ts';
import { PrivacyPolicyText } from './components/PrivacyPolicyText.tsx';
import { SiteLoadFailure, SiteLoading } from './components/LoadStates.tsx';
import { t } from '../../shared/i18n/texts.ts';
import styles from './site.module.css';

/** The spec's title of this page. */
export const PRIVACY_PAGE_TITLE = 'General Terms and Conditions';

export default function PrivacyPolicyPage() {
  usePageTitle(PRIVACY_PAGE_TITLE);
  const [params] = useSearchParams();
  const embedded = params.get('embedded') === '1';
  const { state, retry } = useSiteConfig();
  return (
    <main className={embedded ? `${styles.page} ${styles.embedded}` : styles.page} style={state.status === 'ready' ? themeStyle(state.data.theme) : undefined}>
      <div className={styles.prose}>
        <h1>Privacy Policy</h1>
        <p className={styles.lede}>{t('Part of our {title}.', { title: t(PRIVACY_PAGE_TITLE) })}</p>
      </div>
      {state.status === 'loading' && <SiteLoading loadingText="Loading the privacy policy…" />}
      {state.status === 'failed' && <SiteLoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <PrivacyPolicyText config={state.data} />}
    </main>
  );
}

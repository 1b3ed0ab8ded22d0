/**
 * '/' (exact): the official site. Tabs Home, About Us, PrivacyPolicy (the policy page in a frame)
 * and Loan Terms And Conditions, over the company footer; every name, number and figure comes
 * from the server's site configuration. The selected tab is kept in the URL (?tab=terms), so a
 * tab can be linked to and survives a reload.
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSearchParams } from '../../shared/router/router.tsx';
import type { SiteConfig } from '@cashloan/contract/site';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { PRIVACY_POLICY_PATH } from '../../shared/navigation/screen-paths.ts';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { t } from '../../shared/i18n/texts.ts';
import { useSiteConfig } from './api.ts';
import { themeStyle } from './theme.ts';
import { AboutContent } from './components/AboutContent.tsx';
import { HomePanel } from './components/HomePanel.tsx';
import { loadLoanTerms, loanTermsNow } from './components/loan-terms-code.ts';
import { SiteFooter } from './components/SiteFooter.tsx';
import { SiteLoadFailure, SiteLoading } from './components/LoadStates.tsx';
import { SiteTabs, panelId, tabId } from './components/SiteTabs.tsx';
import styles from './site.module.css';

export const SITE_TABS = [
  { key: 'home', label: 'Home' },
  { key: 'about', label: 'About Us' },
  { key: 'privacy', label: 'PrivacyPolicy' },
  { key: 'terms', label: 'Loan Terms And Conditions' },
] as const;
type TabKey = (typeof SITE_TABS)[number]['key'];

/** The query parameter naming the selected tab (absent: Home). */
export const TAB_PARAM = 'tab';
/** The privacy policy page as the PrivacyPolicy tab embeds it (without its own page margins). */
export const PRIVACY_FRAME_SRC = `${PRIVACY_POLICY_PATH}?embedded=1`;

/** The Loan Terms text: in the server's bundle; in the browser loaded with its tab (or when idle). */
const LoanTerms = loanTermsNow ?? lazy(() => loadLoanTerms().then((component) => ({ default: component })));

const isTabKey = (value: string | null): value is TabKey => SITE_TABS.some((t) => t.key === value);

export default function OfficialSitePage() {
  const { state, retry } = useSiteConfig();
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const selected: TabKey = isTabKey(raw) ? raw : 'home';
  const label = SITE_TABS.find((t) => t.key === selected)!.label;
  usePageTitle(state.status === 'ready' ? `${state.data.appEnName} | ${t(label)}` : 'Official site');

  const tabQuery = (prev: URLSearchParams, key: TabKey) => {
    const next = new URLSearchParams(prev);
    if (key === 'home') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, key);
    return next;
  };
  const hrefFor = (key: TabKey) => {
    const query = tabQuery(params, key).toString();
    return query ? `/?${query}` : '/';
  };
  const select = (key: TabKey) =>
    // Replace, not push: the webview's back button leaves the site instead of stepping through tabs.
    setParams((prev) => tabQuery(prev, key), { replace: true });

  if (state.status !== 'ready') {
    return (
      <div className={styles.site}>
        <main className={styles.main}>
          {state.status === 'loading' ? <SiteLoading loadingText="Loading the site…" /> : <SiteLoadFailure error={state.error} onRetry={retry} />}
        </main>
      </div>
    );
  }
  return <Site config={state.data} selected={selected} onSelect={select} hrefFor={hrefFor} />;
}

function Site({ config, selected, onSelect, hrefFor }: { config: SiteConfig; selected: TabKey; onSelect: (key: TabKey) => void; hrefFor: (key: TabKey) => string }) {
  // A panel is rendered once first opened and then kept, so the privacy frame does not reload.
  const [visited, setVisited] = useState<ReadonlySet<TabKey>>(() => new Set([selected]));
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));
  const { company } = config;
  // The terms' code loads when the browser is idle, so the tab usually opens without waiting.
  useEffect(() => {
    const load = () => void loadLoanTerms().catch(() => undefined);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 2000);
    return () => clearTimeout(timer);
  }, []);

  const readTerms = () => {
    onSelect('terms');
    document.getElementById(tabId('terms'))?.focus();
  };

  const panel = (key: TabKey) => {
    switch (key) {
      case 'home':
        return <HomePanel config={config} onReadTerms={readTerms} />;
      case 'about':
        return (
          <>
            <h2 className={`${styles.prose} ${styles.panelTitle}`}>About Us</h2>
            <AboutContent config={config} level={3} />
          </>
        );
      case 'privacy':
        return (
          <>
            {/* The framed page brings its own "Privacy Policy" heading; the frame's title names it here. */}
            {/* With the page's parameters, so the policy is in the page's language. */}
            <iframe className={styles.frame} src={withCarriedParams(PRIVACY_FRAME_SRC)} title="Privacy policy" />
            <p className={styles.prose}>
              <a className={styles.inlineLink} href={withCarriedParams(PRIVACY_POLICY_PATH)}>
                Open the privacy policy on its own page
              </a>
            </p>
          </>
        );
      case 'terms':
        return (
          <>
            <h2 className={`${styles.prose} ${styles.panelTitle}`}>Loan Terms And Conditions</h2>
            <Suspense fallback={<SiteLoading loadingText="Loading the loan terms…" />}>
              <LoanTerms config={config} level={3} />
            </Suspense>
          </>
        );
    }
  };

  return (
    <div className={styles.site} style={themeStyle(config.theme)}>
      <header className={styles.header}>
        <div className={`${styles.inner} ${styles.brandRow}`}>
          <div className={styles.brand}>
            <BrandMark />
            <h1>{config.appEnName}</h1>
            <span className={styles.brandCn} lang="zh-Hans">
              {config.appCnName}
            </span>
          </div>
          <p className={styles.registration}>
            {t('{lender} · SEC Registration No. {sec} · Certificate of Authority No. {authority}', {
              lender: company.corporateName,
              sec: company.secRegistrationNo,
              authority: company.certificateOfAuthorityNo,
            })}
          </p>
        </div>
        <SiteTabs tabs={SITE_TABS} selected={selected} onSelect={onSelect} hrefFor={hrefFor} label={t('{app} site', { app: config.appEnName })} />
      </header>
      <main className={styles.main}>
        {SITE_TABS.filter((tab) => visited.has(tab.key)).map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={panelId(tab.key)}
            aria-labelledby={tabId(tab.key)}
            tabIndex={0}
            hidden={tab.key !== selected}
            className={`${styles.inner} ${styles.panel}`}
          >
            {panel(tab.key)}
          </div>
        ))}
      </main>
      <SiteFooter config={config} />
    </div>
  );
}

function BrandMark() {
  return (
    <svg className={styles.brandMark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#fff" />
      <path d="M11 24V8h6.5a5 5 0 0 1 0 10H11M8 12h16M8 15h16" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

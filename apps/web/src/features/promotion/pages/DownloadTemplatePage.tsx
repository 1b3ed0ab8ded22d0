/**
 * #/downloadTemplate (promo.html): the campaign landing. The hash query carries the template
 * (templateId) and the attribution (invite_code, user_from, app_from, utm_tag, source); the
 * template brings the banner, copy, colours, the market's phone rule and the download link. The
 * sign-up form comes first; registering (or code 11) leads to the download step (step=download).
 * The visit is counted on load and the register tap on every tap.
 */
import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from '../../../shared/router/router.tsx';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { AGREEMENT_TEMPLATE_PATH, DOWNLOAD_TEMPLATE_PATH } from '../../../shared/navigation/screen-paths.ts';
import { landingSearch, type LandingParams } from '../landing-params.ts';
import { landingStyle } from '../theme.ts';
import { DownloadStep } from '../components/DownloadStep.tsx';
import { LandingTemplateGate } from '../components/LandingTemplateGate.tsx';
import { SignUpForm } from '../components/SignUpForm.tsx';
import styles from '../promotion.module.css';

/** The query parameter of the download step, and its values. */
export const STEP_PARAM = 'step';
export const DOWNLOAD_STEP = 'download';
/** Set with the download step when the number already had an account (code 11). */
export const ACCOUNT_PARAM = 'account';
export const EXISTING_ACCOUNT = 'existing';

export default function DownloadTemplatePage() {
  return (
    <LandingTemplateGate page="downloadTemplate" loadingText="Loading…">
      {(template, templateId, params) => <LandingContent template={template} templateId={templateId} params={params} />}
    </LandingTemplateGate>
  );
}

function LandingContent({ template, templateId, params }: { template: LandingTemplate; templateId: string; params: LandingParams }) {
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(template.appName);
  const query = new URLSearchParams(location.search);
  const onDownloadStep = query.get(STEP_PARAM) === DOWNLOAD_STEP;

  const toDownloadStep = useCallback(
    (existingAccount: boolean) =>
      // Replace: going back from the download step must not return to a finished form.
      navigate(
        { pathname: DOWNLOAD_TEMPLATE_PATH, search: landingSearch(location.search, { [STEP_PARAM]: DOWNLOAD_STEP, [ACCOUNT_PARAM]: existingAccount ? EXISTING_ACCOUNT : undefined }) },
        { replace: true },
      ),
    [navigate, location.search],
  );

  const agreementSearch = landingSearch(location.search, { [STEP_PARAM]: undefined, [ACCOUNT_PARAM]: undefined });
  return (
    <main className={styles.page} style={landingStyle(template.colors)}>
      <div className={styles.bannerFrame}>
        <img className={styles.banner} src={template.bannerUrl} alt={template.bannerAlt} width={750} height={360} fetchPriority="high" />
      </div>
      <div className={styles.inner}>
        <h1 className={styles.title}>{template.title}</h1>
        {template.subtitle ? <p className={styles.subtitle}>{template.subtitle}</p> : null}
        {template.highlights.length > 0 ? (
          <ul className={styles.highlights}>
            {template.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        ) : null}
        {onDownloadStep ? (
          <DownloadStep appName={template.appName} downloadUrl={template.downloadUrl} existingAccount={query.get(ACCOUNT_PARAM) === EXISTING_ACCOUNT} />
        ) : (
          <SignUpForm
            template={template}
            params={params}
            templateId={templateId}
            onRegistered={toDownloadStep}
            agreementLink={
              <Link className={styles.textLink} to={{ pathname: AGREEMENT_TEMPLATE_PATH, search: agreementSearch }}>
                {template.agreement.title}
              </Link>
            }
          />
        )}
      </div>
    </main>
  );
}

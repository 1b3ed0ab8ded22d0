/** #/agreementTemplate (promo.html): the template's agreement, as headed sections readable on a phone; the visit is counted. */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { trackVisit, useLandingTemplate } from '../api.ts';
import { readLandingParams, type LandingParams } from '../landing-params.ts';
import { landingStyle } from '../theme.ts';
import { LandingLinkBroken, LandingLoadFailure, LandingLoading } from '../components/LandingStates.tsx';
import styles from '../promotion.module.css';

export default function AgreementTemplatePage() {
  const params = readLandingParams();
  if (!params.templateId) {
    return (
      <main className={styles.page}>
        <LandingLinkBroken />
      </main>
    );
  }
  return <Agreement templateId={params.templateId} params={params} />;
}

function Agreement({ templateId, params }: { templateId: string; params: LandingParams }) {
  const { state, retry } = useLandingTemplate(templateId);
  useEffect(() => {
    // Counted once per page load (trackVisit remembers).
    trackVisit('agreementTemplate', params.source, templateId);
  }, [params.source, templateId]);

  if (state.status === 'loading') {
    return (
      <main className={styles.page}>
        <LandingLoading what="Loading the agreement…" />
      </main>
    );
  }
  if (state.status === 'failed') {
    return (
      <main className={styles.page}>
        <LandingLoadFailure error={state.error} onRetry={retry} />
      </main>
    );
  }
  return <AgreementText template={state.data} />;
}

function AgreementText({ template }: { template: LandingTemplate }) {
  const location = useLocation();
  usePageTitle(template.agreement.title);
  return (
    <main className={styles.page} style={landingStyle(template.colors)}>
      <article className={`${styles.inner} ${styles.agreement}`}>
        <h1>{template.agreement.title}</h1>
        {template.agreement.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        <p className={styles.backRow}>
          <Link className={styles.secondaryButton} to={{ pathname: '/downloadTemplate', search: location.search }}>
            Back to registration
          </Link>
        </p>
      </article>
    </main>
  );
}

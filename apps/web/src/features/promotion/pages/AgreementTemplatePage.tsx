/** #/agreementTemplate (promo.html): the template's agreement, as headed sections readable on a phone; the visit is counted. */
import { Link, useLocation } from '../../../shared/router/router.tsx';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { DOWNLOAD_TEMPLATE_PATH } from '../../../shared/navigation/screen-paths.ts';
import { landingStyle } from '../theme.ts';
import { LandingTemplateGate } from '../components/LandingTemplateGate.tsx';
import styles from '../promotion.module.css';

export default function AgreementTemplatePage() {
  return (
    <LandingTemplateGate page="agreementTemplate" loadingText="Loading the agreement…">
      {(template) => <AgreementText template={template} />}
    </LandingTemplateGate>
  );
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
          <Link className={styles.secondaryButton} to={{ pathname: DOWNLOAD_TEMPLATE_PATH, search: location.search }}>
            Back to registration
          </Link>
        </p>
      </article>
    </main>
  );
}

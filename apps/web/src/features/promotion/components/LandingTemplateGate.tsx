/**
 * What both promotion pages do before they show anything: read the link, count the visit once,
 * load the template, and show the loading, failure or broken-link state in the page frame.
 */
import { useEffect, type ReactNode } from 'react';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import type { LandingPage } from '@cashloan/contract/routes/landing';
import { trackVisit, useLandingTemplate } from '../api.ts';
import { readLandingParams, type LandingParams } from '../landing-params.ts';
import { LandingLinkBroken, LandingLoadFailure, LandingLoading } from './LandingStates.tsx';
import styles from '../promotion.module.css';

interface GateProps {
  page: LandingPage;
  loadingText: string;
  children: (template: LandingTemplate, templateId: string, params: LandingParams) => ReactNode;
}

export function LandingTemplateGate({ page, loadingText, children }: GateProps) {
  // Read on every render: cheap, and the hash query changes with the step.
  const params = readLandingParams();
  if (!params.templateId) {
    return (
      <main className={styles.page}>
        <LandingLinkBroken />
      </main>
    );
  }
  return <LoadedTemplate page={page} loadingText={loadingText} templateId={params.templateId} params={params} render={children} />;
}

function LoadedTemplate(props: {
  page: LandingPage;
  loadingText: string;
  templateId: string;
  params: LandingParams;
  render: GateProps['children'];
}) {
  const { page, templateId, params } = props;
  const { state, retry } = useLandingTemplate(templateId);
  useEffect(() => {
    // Counted once per page load (trackVisit remembers), whatever StrictMode or the router remount.
    trackVisit(page, params.source, templateId);
  }, [page, params.source, templateId]);

  if (state.status === 'loading') {
    return (
      <main className={styles.page}>
        <LandingLoading what={props.loadingText} />
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
  return props.render(state.data, templateId, params);
}

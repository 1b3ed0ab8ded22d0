/** The site's calls: the public site configuration, and the borrower's support e-mail when a session is there. */
import { useEffect, useState } from 'react';
import { contactKfInfoRoute } from '@cashloan/contract/routes/customer-service';
import { siteConfigRoute } from '@cashloan/contract/routes/site';
import { CONTACT_INFO_OVERALL } from '@cashloan/contract/routes/values';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';
import { callApi } from '../../shared/http/client.ts';
import { sessionParams } from '../../shared/params/page-params.ts';

const NO_PAYLOAD = {} as const;

/** The site's pages (the official site, about us, the privacy policy) open on the site configuration. */
export const firstCalls = { site: () => [firstCall(siteConfigRoute, NO_PAYLOAD)] } satisfies Record<string, FirstCalls>;

/** Brand, theme, company disclosures, grievance contact and loan-terms figures; public (no session needed). */
export function useSiteConfig() {
  return useApi(siteConfigRoute, NO_PAYLOAD);
}

export type BorrowerEmail = { status: 'no-session' } | { status: 'loading' } | { status: 'ready'; email: string } | { status: 'failed' };

/**
 * The support e-mail from contact-kf-info, which needs a borrower session. Without one the call is
 * not made ('no-session'); a failure is not toasted ('failed'): the page then shows the e-mail of the
 * public site configuration, the same setting, so the visitor always has an address to write to.
 */
export function useBorrowerSupportEmail(): BorrowerEmail {
  const [hasSession] = useState(() => Boolean(sessionParams().sessionId));
  const [state, setState] = useState<BorrowerEmail>(hasSession ? { status: 'loading' } : { status: 'no-session' });
  useEffect(() => {
    if (!hasSession) return;
    const controller = new AbortController();
    callApi(contactKfInfoRoute, { overall: CONTACT_INFO_OVERALL }, { onFailure: 'silent', signal: controller.signal })
      .then((answer) => setState({ status: 'ready', email: answer.data.email }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [hasSession]);
  return state;
}

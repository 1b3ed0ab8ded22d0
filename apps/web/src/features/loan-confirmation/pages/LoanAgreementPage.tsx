/**
 * /toIs, the loan agreement (spec section 2): one agreement, filled by the server with the
 * borrower's and the loan's real figures, shown as text (never as HTML). Opened from an agreement
 * link of the confirmation screens, and embedded in their loan-agreement modal.
 */
import { Loading } from '../../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { useAgreementContent } from '../api.ts';
import { AGREEMENT_TITLE } from '../confirm-rules.ts';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../loan-confirmation.module.css';

export default function LoanAgreementPage() {
  const { state, retry } = useAgreementContent();
  usePageTitle(state.status === 'ready' ? state.data.title : AGREEMENT_TITLE);
  return (
    <main className={frame.pageBelowHeader}>
      {state.status === 'loading' && <Loading text="Loading the agreement…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <article className={styles.card} aria-labelledby="agreement-title">
          <h1 id="agreement-title" className={styles.title}>
            {state.data.title}
          </h1>
          <div className={styles.agreementBody}>
            {state.data.body
              .split(/\n{2,}/)
              .filter((paragraph) => paragraph.trim() !== '')
              .map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
          </div>
        </article>
      )}
    </main>
  );
}

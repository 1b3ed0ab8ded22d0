/** #/addnormalcard (pay.html): choose the bank card to repay with, or add one on the bank screen. Numbers are shown masked. */
import { useLocation, useNavigate } from '../../../../shared/router/router.tsx';
import type { RepaymentWays } from '@cashloan/contract/repayment';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { withCarriedParams } from '../../../../shared/params/page-params.ts';
import { LoadFailure } from '../../../../shared/ui/LoadFailure.tsx';
import { QUERY_FAILED_TITLE, repaymentFailureText, useRepaymentWays } from '../../api.ts';
import { appHref } from '../../navigation.ts';
import { BIND_BANK_PATH, CARD_REPAYMENT_PATH } from '../../../../shared/navigation/screen-paths.ts';
import { Loading } from '../../../../shared/ui/Loading.tsx';
import frame from '../../../../shared/ui/page-frame.module.css';
import styles from '../../repayment.module.css';

export const CHOOSE_CARD_TITLE = 'Choose a bank card';

export default function ChooseCardPage() {
  usePageTitle(CHOOSE_CARD_TITLE);
  const { state, retry } = useRepaymentWays();
  return (
    <main className={frame.pageAboveFooter}>
      <h1 className={frame.title} id="choose-card">
        {CHOOSE_CARD_TITLE}
      </h1>
      {state.status === 'loading' && <Loading text="Loading your bank cards…" />}
      {state.status === 'failed' && <LoadFailure title={QUERY_FAILED_TITLE} describe={repaymentFailureText} error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <CardList ways={state.data} />}
      <a className={styles.textLink} style={{ marginTop: 12 }} href={appHref(BIND_BANK_PATH)}>
        Add a bank card
      </a>
    </main>
  );
}

function CardList({ ways }: { ways: RepaymentWays }) {
  const navigate = useNavigate();
  const current = new URLSearchParams(useLocation().search).get('cardId');
  if (ways.bankCards.length === 0) {
    return (
      <section className={styles.message}>
        <h2 className={styles.messageTitle}>No bank card yet</h2>
        <p>Add the bank card you want to repay with, then come back here.</p>
      </section>
    );
  }
  return (
    <ul className={`${styles.choices} ${styles.card}`} role="radiogroup" aria-labelledby="choose-card">
      {ways.bankCards.map((card) => {
        const checked = String(card.id) === current;
        return (
          <li key={card.id} role="none">
            <button
              type="button"
              role="radio"
              aria-checked={checked}
              className={styles.choice}
              onClick={() => void navigate(withCarriedParams(CARD_REPAYMENT_PATH, { cardId: String(card.id) }), { replace: true })}
            >
              <span className={styles.choiceName}>
                <span className={styles.bankName}>{card.bankName}</span>
                <br />
                <span className={styles.cardNo}>{card.cardNo}</span>
              </span>
              {checked && (
                <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="12" r="11" fill="currentColor" />
                  <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

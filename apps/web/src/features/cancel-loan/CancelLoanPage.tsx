/**
 * /cancelLoan?orderId=&productId= (ours, issue 23; docs/cancel-loan.md): cancelling a loan in its
 * cooling-off period. Shows the exact exit amount and what it is made of (principal, interest for the
 * days used, no fee), a payment channel, and a button that issues the pay code and opens the
 * repayment-code page the way the repayment screen does. A loan that cannot be cancelled shows the
 * server's reason as text.
 */
import { useState } from 'react';
import { Button } from '../../shared/ui/Button.tsx';
import { ERROR_CODES } from '@cashloan/contract/common';
import type { CoolingOffInfo } from '@cashloan/contract/cancel-loan';
import { Link, useNavigate } from '../../shared/router/router.tsx';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { t } from '../../shared/i18n/texts.ts';
import { Loading } from '../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { formatMoney } from '../../shared/format/money.ts';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { usePageIds } from '../../shared/params/use-page-ids.ts';
import { openPaymentUrl } from '../../shared/navigation/open-payment-url.ts';
import { ORDER_DETAILS_PATH } from '../../shared/navigation/screen-paths.ts';
import { ApiCallError } from '../../shared/http/client.ts';
import { requestCancelPayCode, useCoolingOff } from './api.ts';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './cancel-loan.module.css';

export const CANCEL_LOAN_TITLE = 'Cancel this loan';
export const CANNOT_CANCEL_TITLE = 'This loan cannot be cancelled';
export const ISSUE_BUTTON = 'Get the pay code';

/** A refusal (the window ended, the loan is closed, not this borrower's) rather than a failed load. */
const isRefusal = (error: ApiCallError) => error.kind === 'server' && (error.code === ERROR_CODES.refused || error.code === ERROR_CODES.notFound);

export default function CancelLoanPage() {
  usePageTitle(CANCEL_LOAN_TITLE);
  const { state, retry } = useCoolingOff();
  return (
    <main className={frame.page}>
      <h1 className={frame.title}>{CANCEL_LOAN_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading what cancelling costs…" />}
      {state.status === 'failed' && (
        <>
          <LoadFailure error={state.error} onRetry={retry} title={isRefusal(state.error) ? CANNOT_CANCEL_TITLE : undefined} />
          <Link to={withCarriedParams(ORDER_DETAILS_PATH)} className={styles.textLink}>
            Back to order details
          </Link>
        </>
      )}
      {state.status === 'ready' && <ExitAmount info={state.data} />}
    </main>
  );
}

function ExitAmount({ info }: { info: CoolingOffInfo }) {
  const navigate = useNavigate();
  const { orderId = '' } = usePageIds();
  const [channel, setChannel] = useState(info.channels[0]?.channelNumber ?? '');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const issue = async () => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      openPaymentUrl(await requestCancelPayCode({ orderId, amountMinor: info.exitAmount, channelNumber: channel }), navigate);
    } catch (error) {
      // The client toasted it too; the message stays here with the button to try again.
      setFailure(error instanceof ApiCallError ? error.message : t('Something went wrong. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <section className={styles.hero} aria-labelledby="exit-label">
        <p id="exit-label" className={styles.heroLabel}>
          To cancel, pay
        </p>
        <p className={styles.amount}>{formatMoney(info.exitAmount)}</p>
        <p className={styles.notice}>{info.notice}</p>
      </section>

      <section className={styles.card} aria-labelledby="exit-parts">
        <h2 id="exit-parts" className={styles.sectionTitle}>
          What you pay
        </h2>
        <dl className={styles.rows}>
          {info.rows.map((row, index) => (
            <div key={`${index}-${row.text}`} className={styles.row}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="exit-pay">
        <h2 id="exit-pay" className={styles.sectionTitle}>
          Pay to cancel
        </h2>
        <div className={styles.field}>
          <label htmlFor="cancel-channel">Payment method</label>
          <select id="cancel-channel" className={styles.select} value={channel} onChange={(event) => setChannel(event.target.value)}>
            {info.channels.map((c) => (
              <option key={c.channelNumber} value={c.channelNumber}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        <Button block color="primary" className={styles.button} loading={pending} disabled={pending || channel === ''} onClick={() => void issue()}>
          {failure ? t('Retry: get the pay code') : ISSUE_BUTTON}
        </Button>
      </section>

      <Link to={withCarriedParams(ORDER_DETAILS_PATH)} className={styles.textLink}>
        Keep the loan and go back
      </Link>
    </>
  );
}

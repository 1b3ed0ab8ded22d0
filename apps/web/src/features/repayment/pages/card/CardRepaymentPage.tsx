/**
 * #/alipayrepayment (pay.html): repayment by bank card (spec section 4). Pick a card (a message asks
 * for one first), commit; needValid 1 opens the verification step with its 60 s resend countdown,
 * otherwise — and once the code is confirmed — the borrow detail screen follows. The alternate
 * channel opens the payment page the server answers. Card numbers are only ever shown masked.
 */
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../../../shared/router/router.tsx';
import { Button } from '../../../../shared/ui/Button.tsx';
import { CALL_ERROR_CODES, SMS_RESEND_SECONDS } from '@cashloan/contract/routes/values';
import type { BankCard, RepaymentWays } from '@cashloan/contract/repayment';
import { usePageTitle } from '../../../../shared/ui/use-page-title.ts';
import { useCountdown } from '../../../../shared/ui/use-countdown.ts';
import { showInfo, showSuccess } from '../../../../shared/ui/toast.ts';
import { formatMoney } from '../../../../shared/format/money.ts';
import { ApiCallError } from '../../../../shared/http/client.ts';
import { pageParam, sessionParams, withCarriedParams } from '../../../../shared/params/page-params.ts';
import { LoadFailure } from '../../../../shared/ui/LoadFailure.tsx';
import {
  QUERY_FAILED_TITLE,
  commitCardRepayment,
  confirmCardRepayment,
  repaymentFailureText,
  startOnlinePayment,
  useRepaymentWays,
} from '../../api.ts';
import { openPaymentUrl } from '../../../../shared/navigation/open-payment-url.ts';
import { BORROW_DETAIL_PATH, CHOOSE_CARD_PATH } from '../../../../shared/navigation/screen-paths.ts';
import { useOnceAtATime } from '../../use-once-at-a-time.ts';
import { Loading } from '../../../../shared/ui/Loading.tsx';
import { VerificationDialog } from '../../components/VerificationDialog.tsx';
import frame from '../../../../shared/ui/page-frame.module.css';
import styles from '../../repayment.module.css';

export const CARD_REPAY_TITLE = 'Repay by card';
export const SELECT_CARD_FIRST = 'Please select a bank card first';
export const REPAID_MESSAGE = 'Repayment successful';

export default function CardRepaymentPage() {
  usePageTitle(CARD_REPAY_TITLE);
  const { state, retry } = useRepaymentWays();
  return (
    <main className={frame.pageAboveFooter}>
      <h1 className={frame.title}>{CARD_REPAY_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your bank cards…" />}
      {state.status === 'failed' && <LoadFailure title={QUERY_FAILED_TITLE} describe={repaymentFailureText} error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <CardRepayment ways={state.data} onStartAgain={retry} />}
    </main>
  );
}

/** The repayment of this screen's token was stopped (too many wrong codes): only a new one can pay. */
const isClosed = (error: unknown) => error instanceof ApiCallError && String(error.code) === String(CALL_ERROR_CODES.repaymentClosed);

/** `onStartAgain`: loads the screen again (a new token), so the next Confirm repayment starts a new repayment. */
function CardRepayment({ ways, onStartAgain }: { ways: RepaymentWays; onStartAgain: () => void }) {
  const navigate = useNavigate();
  const chosenId = new URLSearchParams(useLocation().search).get('cardId');
  const card: BankCard | undefined = ways.bankCards.find((c) => String(c.id) === chosenId);
  const orderId = pageParam('orderId') ?? '';
  const [recordId, setRecordId] = useState<number | null>(null);
  const countdown = useCountdown(SMS_RESEND_SECONDS);

  const goBorrowDetail = () => void navigate(withCarriedParams(BORROW_DETAIL_PATH), { replace: true });
  const commit = (selected: BankCard) =>
    commitCardRepayment({
      amount: String(ways.repayAmount),
      bankName: selected.bankName,
      cardId: String(selected.id),
      cardNo: selected.cardNo,
      couponId: '',
      orderId,
      repayToken: ways.repayToken,
      bankCode: selected.bankCode,
      sendMsg: '1',
    });

  const { run: repay, pending: committing } = useOnceAtATime(async () => {
    if (!card) {
      showInfo(SELECT_CARD_FIRST);
      return;
    }
    try {
      const result = await commit(card);
      if (result.needValid === 1) {
        setRecordId(result.repayRecordId);
        countdown.start();
      } else {
        showSuccess(REPAID_MESSAGE);
        goBorrowDetail();
      }
    } catch (error) {
      // Shown by the call; the button is live again.
      if (isClosed(error)) onStartAgain();
    }
  });

  const resend = async () => {
    if (!card) return;
    try {
      await commit(card);
      countdown.start();
    } catch (error) {
      // Shown by the call; Resend stays available, unless this repayment can no longer be paid.
      if (isClosed(error)) {
        setRecordId(null);
        onStartAgain();
      }
    }
  };

  const confirm = async (verifyCode: string) => {
    if (recordId === null) return;
    try {
      await confirmCardRepayment({ orderId, verifyCode, repaymentRecordId: String(recordId) });
      setRecordId(null);
      showSuccess(REPAID_MESSAGE);
      goBorrowDetail();
    } catch (error) {
      // Submitted already: the first submission decides; show where it stands.
      if (error instanceof ApiCallError && String(error.code) === String(CALL_ERROR_CODES.duplicateRepayment)) {
        setRecordId(null);
        goBorrowDetail();
      }
      // Its last code was wrong: the dialog closes and the screen gets a new token for a new repayment.
      if (isClosed(error)) {
        setRecordId(null);
        onStartAgain();
      }
    }
  };

  const { run: payOnline, pending: paying } = useOnceAtATime(async () => {
    try {
      const url = await startOnlinePayment({ userId: sessionParams().userId ?? '', orderId, amount: String(ways.repayAmount) });
      openPaymentUrl(url);
    } catch {
      // Shown by the call.
    }
  });

  return (
    <>
      <section className={styles.hero} aria-label="Amount to repay">
        <p className={styles.heroLabel}>Amount to repay</p>
        <p className={styles.amount}>{formatMoney(ways.repayAmount)}</p>
      </section>

      <section className={styles.cardChoice} aria-labelledby="bank-card">
        <div className={styles.cardText}>
          <h2 id="bank-card" className={styles.sectionTitle}>
            Bank card
          </h2>
          {card ? (
            <>
              <p className={styles.bankName}>{card.bankName}</p>
              <p className={styles.cardNo}>{card.cardNo}</p>
            </>
          ) : (
            <p className={styles.cardNo}>No bank card selected</p>
          )}
        </div>
        <Link to={withCarriedParams(CHOOSE_CARD_PATH, { cardId: card ? String(card.id) : undefined })} className={styles.linkButton}>
          {card ? 'Change' : 'Select a bank card'}
        </Link>
      </section>

      <div className={styles.footer}>
        <div className={styles.footerInner}>
          <Button block color="primary" className={styles.primaryButton} loading={committing} disabled={committing} onClick={() => void repay()}>
            Confirm repayment
          </Button>
          {ways.alipay === 1 && (
            <Button block fill="outline" color="primary" style={{ minHeight: 44 }} loading={paying} disabled={paying} onClick={() => void payOnline()}>
              Pay online instead
            </Button>
          )}
        </div>
      </div>

      <VerificationDialog open={recordId !== null} resendIn={countdown.secondsLeft} onConfirm={confirm} onResend={resend} onCancel={() => setRecordId(null)} />
    </>
  );
}

/**
 * /allIt and /anFrom (spec "Order details (loanDetailsV3)"): the order's status with its icon, the
 * product, the detail list, the status's action buttons, pull-to-refresh, and the popups (bank-card
 * binding, Kind tips, rating, rollover prompt); for an overdue order, who handles it ("Handled by").
 * docs/order-details.md has the show rules.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../shared/router/router.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import type { OrderDetails, RecommendedProduct } from '@cashloan/contract/order-details';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { whenOpened } from '../../shared/ui/when-opened.tsx';
import { callPhone, toHome, toProductDetail, toRate } from '../../shared/bridge/bridge.ts';
import { pageParam, withCarriedParams } from '../../shared/params/page-params.ts';
import { trackBorrowAgain, useCollectionContact, useOrderDetails } from './api.ts';
import { goTo } from './navigation.ts';
import { checkJumpUrl } from '../../shared/navigation/jump-url.ts';
import { BIND_BANK_PATH, CANCEL_LOAN_PATH, LOAN_DOCUMENTS_PATH, PAYMENT_HISTORY_PATH, ROLLOVER_PATH } from '../../shared/navigation/screen-paths.ts';
import {
  ORDER_DETAILS_TITLE,
  BIND_BANK_SOURCE,
  SHOW_ORDER_RECOMMENDATIONS,
  actionsFor,
  bankTipRecorded,
  loadPopups,
  needsRolloverPrompt,
  recordBankTip,
  redirectTarget,
  repayTarget,
  showsRecords,
  type LoadPopup,
  type OrderAction,
} from './order-rules.ts';
import { StatusIcon } from './components/StatusIcon.tsx';
import { PullToRefresh } from './components/PullToRefresh.tsx';
import type { RatingOutcome } from './components/AppRatingDialog.tsx';
import { RecommendationList } from './components/RecommendationList.tsx';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './OrderDetailsPage.module.css';
import { t } from '../../shared/i18n/texts.ts';

// The popups' code (the dialog, the stars) loads when one first opens, after hydration (Modal renders
// none before either), instead of with the page.
const AlertDialog = whenOpened(() => import('../../shared/ui/AlertDialog.tsx').then((m) => m.AlertDialog));
const AppRatingDialog = whenOpened(() => import('./components/AppRatingDialog.tsx').then((m) => m.AppRatingDialog));
// "Handled by" (issue 38) shows only once its call answered in the browser: its code comes with it, not with the page.
const HandledBy = lazy(() => import('./components/HandledBy.tsx').then((m) => ({ default: m.HandledBy })));

export default function OrderDetailsPage() {
  usePageTitle(ORDER_DETAILS_TITLE);
  const { state, retry, refresh, refreshError } = useOrderDetails();
  return (
    <main className={frame.fullHeightPage}>
      <h1 className={frame.titleAboveCard}>{ORDER_DETAILS_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your order…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <LoadedOrder details={state.data} refresh={refresh} refreshError={refreshError?.message ?? null} />}
    </main>
  );
}

function LoadedOrder({ details, refresh, refreshError }: { details: OrderDetails; refresh: () => Promise<void>; refreshError: string | null }) {
  const navigate = useNavigate();
  const redirect = redirectTarget(details);
  useEffect(() => {
    // Spec section 4: any status but 21 with a playeduL goes there at once, carrying the parameters.
    if (redirect) goTo(navigate, redirect, { replace: true });
  }, [navigate, redirect]);
  // A redirect the jump check refuses opens nothing (goTo tells the borrower): the order stays.
  if (redirect && checkJumpUrl(redirect).kind !== 'refused') {
    return <Loading text="Opening your order…" />;
  }
  return <OrderScreen details={details} refresh={refresh} refreshError={refreshError} />;
}

function OrderScreen({ details, refresh, refreshError }: { details: OrderDetails; refresh: () => Promise<void>; refreshError: string | null }) {
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<ReadonlySet<LoadPopup>>(() => new Set());
  // Read once when the screen opens: going to repay later in this visit leaves the page anyway.
  const [tipRecorded] = useState(bankTipRecorded);
  const [rolloverPrompt, setRolloverPrompt] = useState(false);
  const [ratingResult, setRatingResult] = useState(false);
  const [busy, setBusy] = useState(false);
  // A ref, not the state: taps landing in the same tick all see it before React re-renders.
  const borrowing = useRef(false);
  const popup = loadPopups(details, tipRecorded).find((p) => !dismissed.has(p)) ?? null;
  const dismiss = (p: LoadPopup) => setDismissed((set) => new Set(set).add(p));

  const goRepay = () => {
    recordBankTip();
    goTo(navigate, repayTarget(details));
  };
  const goRollover = () => {
    recordBankTip();
    goTo(navigate, ROLLOVER_PATH);
  };
  const borrowAgain = async () => {
    if (borrowing.current) return;
    borrowing.current = true;
    const productId = pageParam('productId') ?? '';
    setBusy(true);
    try {
      // Tracking first (moduleId 30); a failed tracking call is told by its toast but does not stop the borrower.
      await trackBorrowAgain(productId).catch(() => undefined);
      toProductDetail({ productId });
    } finally {
      borrowing.current = false;
      setBusy(false);
    }
  };
  const runAction = (action: OrderAction) => {
    if (action.kind === 'repay') goRepay();
    else if (action.kind === 'rollover') {
      if (needsRolloverPrompt(details)) setRolloverPrompt(true);
      else goRollover();
    } else void borrowAgain();
  };
  const onRated = (outcome: RatingOutcome) => {
    dismiss('rating');
    if (outcome === 'high') toRate();
    else if (outcome === 'low') setRatingResult(true);
  };
  const openRecommendation = (product: RecommendedProduct) => toProductDetail({ productId: String(product.productId) });

  const actions = actionsFor(details);
  // Issue 38: asked in the browser once an overdue order is on screen; shown last, so nothing moves.
  const collection = useCollectionContact(details);
  return (
    <>
      <PullToRefresh onRefresh={refresh}>
        {refreshError && (
          <div className={styles.refreshError} role="alert">
            <span>{t('Could not refresh: {reason}', { reason: refreshError })}</span>
            <Button size="small" color="primary" fill="outline" onClick={() => void refresh()} className={styles.retry}>
              Retry
            </Button>
          </div>
        )}
        <section className={styles.status} aria-labelledby="order-status">
          <StatusIcon status={details.orderStatus} />
          <div className={styles.statusText}>
            <h2 id="order-status" className={styles.notice}>
              {details.noticeStatusText}
            </h2>
            {details.noticeDesText && <p className={styles.description}>{details.noticeDesText}</p>}
            {details.paymentPendingText && (
              <p className={styles.description}>{details.paymentPendingText}</p>
            )}
            {details.remindersStoppedText && <p className={styles.description}>{details.remindersStoppedText}</p>}
            {details.payoutText && <p className={styles.description}>{details.payoutText}</p>}
          </div>
        </section>

        {/* Issue 36: the bank refused the loan money; the borrower corrects the account on the bank screen, and finance sends it again. */}
        {details.payoutProblemText && (
          <nav className={styles.records} aria-label="Your loan money">
            <p id="payout-problem" className={styles.payoutProblem} role="alert">
              {details.payoutProblemText}
            </p>
            <Link to={withCarriedParams(BIND_BANK_PATH, { source: BIND_BANK_SOURCE })} className={styles.recordLink} aria-describedby="payout-problem">
              Correct your account
            </Link>
          </nav>
        )}

        <section className={styles.card} aria-labelledby="order-product">
          <div className={styles.product}>
            {details.productLogo && <img className={styles.logo} src={details.productLogo} alt="" aria-hidden="true" width={44} height={44} />}
            <h2 id="order-product" className={styles.productName}>
              {details.productName}
            </h2>
          </div>
          <dl className={styles.details}>
            {details.userOrderDetail.detail.map((row, index) => (
              <div key={`${index}-${row.text}`} className={styles.row}>
                <dt>{row.text}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {/* Issue 23: within the cooling-off period the loan can be cancelled (its own route, /cancelLoan). */}
        {details.coolingOffText && (
          <nav className={styles.records} aria-label="Cooling-off">
            <p id="cooling-off" className={styles.description}>
              {details.coolingOffText}
            </p>
            <Link to={withCarriedParams(CANCEL_LOAN_PATH)} className={styles.recordLink} aria-describedby="cooling-off">
              Cancel this loan
            </Link>
          </nav>
        )}

        {showsRecords(details) && (
          <nav className={styles.records} aria-label="Your records">
            <Link to={withCarriedParams(PAYMENT_HISTORY_PATH)} className={styles.recordLink}>
              Payment history
            </Link>
            <Link to={withCarriedParams(LOAN_DOCUMENTS_PATH)} className={styles.recordLink}>
              Loan documents
            </Link>
          </nav>
        )}

        {SHOW_ORDER_RECOMMENDATIONS && details.recProducts.length > 0 && (
          <section className={styles.recommendations} aria-labelledby="order-recommendations">
            <h2 id="order-recommendations" className={styles.sectionTitle}>
              Recommended for you
            </h2>
            <RecommendationList products={details.recProducts} onOpen={openRecommendation} label="Recommended products" />
            <button type="button" className={styles.more} onClick={() => toHome()}>
              Click to view more products
            </button>
          </section>
        )}

        {actions.length > 0 && (
          <div className={styles.actions}>
            {actions.map((action) =>
              action.kind === 'rollover' ? (
                <div key={action.kind} className={styles.rollover}>
                  <span id="rollover-caption" className={styles.caption}>
                    {action.caption}
                  </span>
                  <Button block fill="outline" color="primary" className={styles.action} aria-describedby="rollover-caption" onClick={() => runAction(action)}>
                    {action.label}
                  </Button>
                </div>
              ) : (
                <Button key={action.kind} block color="primary" className={styles.action} loading={action.kind === 'borrowAgain' && busy} onClick={() => runAction(action)}>
                  {action.label}
                </Button>
              ),
            )}
          </div>
        )}

        {details.telephone && (
          <p className={styles.contact}>
            <span>Questions about your loan?</span>
            <button type="button" className={styles.phone} onClick={() => callPhone({ phone: details.telephone })}>
              {t('Call {phone}', { phone: details.telephone })}
            </button>
          </p>
        )}

        {collection && (
          <Suspense fallback={null}>
            <HandledBy contact={collection} />
          </Suspense>
        )}
      </PullToRefresh>

      {/* One popup at a time, in the order of loadPopups; none closes by Escape or a tap outside. */}
      <AlertDialog
        open={popup === 'bankCard'}
        title={details.cardPopTitle || 'Payment account'}
        text={details.cardPopMsg}
        actions={[
          { text: 'Not now', onClick: () => dismiss('bankCard') },
          {
            text: 'Bind card',
            primary: true,
            onClick: () => {
              dismiss('bankCard');
              goTo(navigate, BIND_BANK_PATH, { extra: { source: BIND_BANK_SOURCE } });
            },
          },
        ]}
      />
      <AlertDialog open={popup === 'kindTips'} title="Kind tips" text={details.KindTipsMsg} actions={[{ text: 'Got it', primary: true, onClick: () => dismiss('kindTips') }]} />
      <AppRatingDialog open={popup === 'rating'} onDone={onRated} />
      <AlertDialog
        open={ratingResult}
        title="Thank you for your feedback"
        text="We will keep working to make our service better for you."
        actions={[{ text: 'OK', primary: true, onClick: () => setRatingResult(false) }]}
      />
      <AlertDialog
        open={rolloverPrompt}
        title="Rollover Repayment"
        text={details.reyMsg}
        actions={[
          { text: 'Cancel', onClick: () => setRolloverPrompt(false) },
          {
            text: 'Continue',
            primary: true,
            onClick: () => {
              setRolloverPrompt(false);
              goRollover();
            },
          },
        ]}
      />
    </>
  );
}

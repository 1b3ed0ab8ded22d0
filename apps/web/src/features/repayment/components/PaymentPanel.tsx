/**
 * The lower half of the repayment-by-plan and rollover screens (spec section 2): the instruction
 * image, the default channel's pay-code card, the 'Payment Method' popup (first channel preselected)
 * and the 'Payment' button, which asks for a pay code and opens the page that shows it.
 */
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from '../../../shared/router/router.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import type { PayChannel, RepaymentPlanInfo } from '@cashloan/contract/repayment';
import { copyText } from '../../../shared/ui/clipboard.ts';
import { COPY_FAILED_MESSAGE, COPY_SUCCESS_MESSAGE } from '../../../shared/ui/CopyButton.tsx';
import { showFailure, showSuccess } from '../../../shared/ui/toast.ts';
import { requestPayCode } from '../api.ts';
import { appHref } from '../navigation.ts';
import { openPaymentUrl } from '../../../shared/navigation/open-payment-url.ts';
import { PAYMENT_INSTRUCTIONS_PATH, REPAYMENT_CODE_PATH } from '../../../shared/navigation/screen-paths.ts';
import { useOnceAtATime } from '../use-once-at-a-time.ts';
import { ChannelLogo } from './ChannelLogo.tsx';
import { PayCode } from './PayCode.tsx';
import { UpiPanel } from './UpiPanel.tsx';
import { RUPEE_SYMBOL, currencySymbol } from '../../../shared/format/money.ts';
import bannerUrl from '../assets/instructions-banner.svg';
import styles from '../repayment.module.css';
import { t } from '../../../shared/i18n/texts.ts';

type ChannelsInfo = Pick<RepaymentPlanInfo, 'repayList' | 'defDetail' | 'isShowReyTop'>;

// The popup is a chunk of its own, outside the screen's first load (the route's JS budget), fetched
// as soon as the screen is up so the first tap does not wait for it.
const loadSheet = () => import('./PaymentMethodSheet.tsx');
const PaymentMethodSheet = lazy(loadSheet);

export function PaymentPanel({
  info,
  amountMinor,
  rollover,
  ids,
}: {
  info: ChannelsInfo;
  amountMinor: number;
  rollover: boolean;
  ids: { productId: string; orderId: string };
}) {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<PayChannel | undefined>(info.repayList[0]);
  const [picking, setPicking] = useState(false);
  const closePicker = useCallback(() => setPicking(false), []);
  const { defDetail } = info;
  useEffect(() => {
    void loadSheet();
  }, []);

  const { run: pay, pending } = useOnceAtATime(async () => {
    if (!selected) return;
    try {
      const payUrl = await requestPayCode({ ...ids, amountMinor, channelNumber: selected.channel_number, rollover });
      openPaymentUrl(payUrl, navigate);
    } catch {
      // The failure was shown by the client; the button is live again for another try.
    }
  });

  const copyAndOpen = async () => {
    const copied = await copyText(defDetail.payCode);
    if (copied) showSuccess(COPY_SUCCESS_MESSAGE);
    else showFailure(COPY_FAILED_MESSAGE);
    void navigate(appHref(REPAYMENT_CODE_PATH));
  };

  return (
    <>
      {info.isShowReyTop === 1 && (
        <Link to={appHref(PAYMENT_INSTRUCTIONS_PATH)} className={styles.banner}>
          <img src={bannerUrl} alt="How to pay: step-by-step guides for Gcash, Paymaya and stores" width={640} height={200} />
        </Link>
      )}

      {defDetail.payCode.trim() !== '' && (
        <section className={styles.codeCard} aria-label="Your pay code">
          <ChannelLogo src={defDetail.logo} />
          <div className={styles.codeCardBody}>
            <p className={styles.codeCardTitle}>{defDetail.title}</p>
            <p className={styles.code}>
              <PayCode code={defDetail.payCode} />
            </p>
          </div>
          <a
            href={appHref(REPAYMENT_CODE_PATH)}
            className={styles.linkButton}
            aria-label={t('Copy the pay code {code} and see how to pay', { code: defDetail.payCode })}
            onClick={(event) => {
              event.preventDefault();
              void copyAndOpen();
            }}
          >
            Copy
          </a>
        </section>
      )}

      <button type="button" className={styles.method} aria-haspopup="dialog" onClick={() => setPicking(true)}>
        <span className={styles.methodLabel}>Payment Method</span>
        <span className={styles.methodValue}>{selected?.name ?? ''}</span>
        <span aria-hidden="true">›</span>
      </button>

      {/* Indian orders (real=1) can also pay with a UPI app (issue 21). */}
      {currencySymbol() === RUPEE_SYMBOL && <UpiPanel amountMinor={amountMinor} rollover={rollover} ids={ids} />}

      <div className={styles.footer}>
        <div className={styles.footerInner}>
          <Button block color="primary" className={styles.primaryButton} loading={pending} disabled={pending || !selected} onClick={() => void pay()}>
            Payment
          </Button>
        </div>
      </div>

      {picking && (
        <Suspense fallback={null}>
          <PaymentMethodSheet channels={info.repayList} selected={selected} onSelect={setSelected} onClose={closePicker} />
        </Suspense>
      )}
    </>
  );
}

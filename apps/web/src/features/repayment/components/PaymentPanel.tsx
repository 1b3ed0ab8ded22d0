/**
 * The lower half of the repayment-by-plan and rollover screens (spec section 2): the instruction
 * image, the default channel's pay-code card, the 'Payment Method' popup (first channel preselected)
 * and the 'Payment' button, which asks for a pay code and opens the page that shows it.
 */
import { useCallback, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import type { PayChannel, RepaymentPlanInfo } from '@cashloan/contract/repayment-info';
import { copyText } from '../../../shared/ui/clipboard.ts';
import { COPY_FAILED_MESSAGE, COPY_SUCCESS_MESSAGE } from '../../../shared/ui/CopyButton.tsx';
import { showFailure, showSuccess } from '../../../shared/ui/toast.ts';
import { requestPayCode } from '../api.ts';
import { INSTRUCTIONS_PATH, STORED_CODE_PATH, appHref, openPaymentUrl } from '../navigation.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { useOnceAtATime } from '../use-once-at-a-time.ts';
import { Modal } from './Modal.tsx';
import bannerUrl from '../assets/instructions-banner.svg';
import styles from '../repayment.module.css';

export const METHOD_HINT = 'Please select your repayment method for payment';

type ChannelsInfo = Pick<RepaymentPlanInfo, 'repayList' | 'defDetail' | 'isShowReyTop'>;

function ChannelLogo({ src }: { src: string }) {
  return isSafeImageSrc(src) ? <img className={styles.logo} src={src} alt="" width={44} height={44} /> : <span className={styles.logo} aria-hidden="true" />;
}

function CheckMark() {
  return (
    <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

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
  const titleId = useId();
  const hintId = useId();
  const closePicker = useCallback(() => setPicking(false), []);
  const { defDetail } = info;

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
    void navigate(appHref(STORED_CODE_PATH));
  };

  return (
    <>
      {info.isShowReyTop === 1 && (
        <Link to={appHref(INSTRUCTIONS_PATH)} className={styles.banner}>
          <img src={bannerUrl} alt="How to pay: step-by-step guides for Gcash, Paymaya and stores" width={640} height={200} />
        </Link>
      )}

      {defDetail.payCode.trim() !== '' && (
        <section className={styles.codeCard} aria-label="Your pay code">
          <ChannelLogo src={defDetail.logo} />
          <div className={styles.codeCardBody}>
            <p className={styles.codeCardTitle}>{defDetail.title}</p>
            <p className={styles.code}>{defDetail.payCode}</p>
          </div>
          <a
            href={appHref(STORED_CODE_PATH)}
            className={styles.linkButton}
            aria-label={`Copy the pay code ${defDetail.payCode} and see how to pay`}
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

      <div className={styles.footer}>
        <div className={styles.footerInner}>
          <Button block color="primary" className={styles.primaryButton} loading={pending} disabled={pending || !selected} onClick={() => void pay()}>
            Payment
          </Button>
        </div>
      </div>

      <Modal open={picking} labelledBy={titleId} describedBy={hintId} variant="sheet" onClose={closePicker}>
        <div className={styles.sheetHeader}>
          <h2 id={titleId} className={styles.sheetTitle}>
            Payment Method
          </h2>
          <button type="button" className={styles.closeButton} aria-label="Close" onClick={closePicker}>
            ×
          </button>
        </div>
        <p id={hintId} className={styles.hint}>
          {METHOD_HINT}
        </p>
        <ul className={styles.choices} role="radiogroup" aria-labelledby={titleId}>
          {info.repayList.map((channel) => {
            const checked = channel.channel_number === selected?.channel_number;
            return (
              <li key={channel.channel_number} role="none">
                <button
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  className={styles.choice}
                  onClick={() => {
                    setSelected(channel);
                    closePicker();
                  }}
                >
                  <ChannelLogo src={channel.logo} />
                  <span className={styles.choiceName}>{channel.name}</span>
                  {checked && <CheckMark />}
                </button>
              </li>
            );
          })}
        </ul>
      </Modal>
    </>
  );
}

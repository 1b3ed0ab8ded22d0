/**
 * /repaymentOfCode: repayment by code (spec section 2). Parameters showType, payCode, payCodeImg,
 * repayAmount, real. Type 1 shows the code with Copy ('copy success'); any other type shows the QR
 * image to scan (the server's QR Ph code) with its reference written out and tips. A page opened
 * without what it needs says so.
 */
import { useLocation } from '../../../shared/router/router.tsx';
import { Link } from '../../../shared/router/router.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { CopyButton } from '../../../shared/ui/CopyButton.tsx';
import { formatMoney } from '../../../shared/format/money.ts';
import { appHref } from '../navigation.ts';
import { PAYMENT_HISTORY_PATH, PAYMENT_INSTRUCTIONS_PATH } from '../../../shared/navigation/screen-paths.ts';
import { isSafeImageSrc } from '../safe-url.ts';
import { PayCode } from '../components/PayCode.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../repayment.module.css';

export const CODE_TITLE = 'Repayment code';
/** showType of a code typed in at a counter or in an app. */
export const SHOW_TYPE_CODE = '1';

export default function RepaymentCodePage() {
  usePageTitle(CODE_TITLE);
  const query = new URLSearchParams(useLocation().search);
  const showType = query.get('showType') ?? SHOW_TYPE_CODE;
  const payCode = (query.get('payCode') ?? '').trim();
  const image = query.get('payCodeImg') ?? '';
  const amount = formatMoney(query.get('repayAmount'));
  const isCode = showType === SHOW_TYPE_CODE;
  const usable = isCode ? payCode !== '' : isSafeImageSrc(image);

  return (
    <main className={frame.pageAboveFooter}>
      <h1 className={frame.title}>{CODE_TITLE}</h1>
      {!usable ? (
        <section className={styles.message} role="alert">
          <h2 className={styles.messageTitle}>No repayment code to show</h2>
          <p>This page was opened without a repayment code. Please go back to the repayment page and tap Payment again.</p>
        </section>
      ) : (
        <>
          <section className={styles.hero} aria-label="Amount to pay">
            <p className={styles.heroLabel}>Amount to pay</p>
            <p className={styles.amount}>{amount || '—'}</p>
          </section>
          {isCode ? (
            <section className={styles.card} aria-labelledby="code-title">
              <h2 id="code-title" className={styles.sectionTitle}>
                Your repayment code
              </h2>
              <p className={styles.code} style={{ fontSize: 26, textAlign: 'center', margin: '12px 0' }}>
                <PayCode code={payCode} />
              </p>
              <CopyButton text={payCode} aria-label={t('Copy the repayment code {code}', { code: payCode })} style={{ width: '100%' }}>
                Copy
              </CopyButton>
              <p className={styles.notice}>
                Pay the exact amount with this code at the channel you chose. Your loan is updated shortly after the payment; keep your receipt.
              </p>
            </section>
          ) : (
            <section className={styles.card} aria-labelledby="qr-title">
              <h2 id="qr-title" className={styles.sectionTitle}>
                Scan to pay
              </h2>
              <img className={styles.qr} src={image} width={240} height={240} alt={payCode ? `QR code for repayment code ${payCode}` : 'QR code to pay your loan'} />
              {payCode !== '' && (
                // Written out for a borrower who cannot scan: the amount is above, the reference here.
                <p className={styles.qrFacts}>
                  Reference:{' '}
                  <span className={styles.code}>
                    <PayCode code={payCode} />
                  </span>
                </p>
              )}
              <ul className={styles.steps}>
                <li>Open your e-wallet or bank app and choose to scan a QR code.</li>
                <li>Scan this code and check that the amount is the one above.</li>
                <li>Confirm the payment and keep the receipt.</li>
              </ul>
            </section>
          )}
          <Link to={appHref(PAYMENT_INSTRUCTIONS_PATH)} className={styles.textLink} style={{ marginTop: 12 }}>
            How to pay with Gcash, Paymaya or at a store
          </Link>
          <Link to={appHref(PAYMENT_HISTORY_PATH)} className={styles.textLink}>
            Payment history
          </Link>
        </>
      )}
    </main>
  );
}

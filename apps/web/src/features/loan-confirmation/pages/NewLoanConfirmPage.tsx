/**
 * /manyVoting, the second loan confirmation variant (spec section 2), on the goya calls: amount with
 * the currency symbol, product name and logo, repayment date (first pay time), the Detailed list, the
 * Plan list (hidden when empty), the cost disclosure, 'I have read and agreed to the above', and the
 * confirm button labelled by the server (NewButtonMsg). On load: the loan-agreement modal when the
 * server names one, then the promotional popup with the server's message (NewPopMsg). The popup is
 * part of the first screen: the server renders it in place with the page.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatMoney } from '../../../shared/format/money.ts';
import type { ConfirmationScreenData } from '../api.ts';
import { CONFIRM_FALLBACK_LABEL, CONFIRM_TITLE } from '../confirm-rules.ts';
import { useConfirmFlow } from '../use-confirm-flow.ts';
import { AgreementConsent } from '../components/AgreementConsent.tsx';
import { whenOpened } from '../../../shared/ui/when-opened.tsx';
import { ConfirmHeader } from '../components/ConfirmHeader.tsx';
import { CostDisclosure } from '../components/CostDisclosure.tsx';
import { DetailList } from '../components/DetailList.tsx';
import { PlanList } from '../components/PlanList.tsx';
import { PromoPopup } from '../components/PromoPopup.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ConfirmScreenFrame } from './ConfirmScreenFrame.tsx';
import styles from '../loan-confirmation.module.css';

// The popups' code loads when one first opens, after hydration (neither is drawn by the server).
const AgreementModal = whenOpened(() => import('../components/ConfirmDialogs.tsx').then((m) => m.AgreementModal));
const PointOutDialog = whenOpened(() => import('../components/ConfirmDialogs.tsx').then((m) => m.PointOutDialog));

export default function NewLoanConfirmPage() {
  return <ConfirmScreenFrame variant="second">{(data) => <NewLoanConfirmScreen data={data} />}</ConfirmScreenFrame>;
}

function NewLoanConfirmScreen({ data }: { data: ConfirmationScreenData }) {
  const { confirmation: c, agreements } = data;
  const flow = useConfirmFlow('second', c, agreements);
  const [promoClosed, setPromoClosed] = useState(false);
  const submitArea = useRef<HTMLDivElement>(null);
  const promoMessage = (c.NewPopMsg ?? '').trim();
  // One popup at a time: the agreement to read comes first.
  const promoVisible = promoMessage !== '' && !promoClosed && !flow.agreementModal;
  const confirmPromo = () => {
    // Closed at once: while the popup is open the page is inert and cannot take focus.
    flushSync(() => setPromoClosed(true));
    // The pointer showed where to confirm: take the borrower there.
    const button = submitArea.current?.querySelector('button');
    button?.scrollIntoView?.({ block: 'center' });
    button?.focus();
  };
  return (
    <>
      <ConfirmHeader title={CONFIRM_TITLE} onBack={flow.back} />
      <section className={`${styles.card} ${styles.hero}`} aria-labelledby="product-name">
        <div className={styles.product}>
          {c.comProductLogo && <img className={styles.logo} src={c.comProductLogo} alt="" aria-hidden="true" width={44} height={44} />}
          <h2 id="product-name" className={styles.productName}>
            {c.comProductName}
          </h2>
        </div>
        <p className={styles.amountLabel}>Loan amount</p>
        <p className={styles.amount}>{formatMoney(c.amount)}</p>
        <dl className={styles.facts}>
          <div className={styles.row}>
            <dt>Repayment date</dt>
            <dd>{c.firstPayTime}</dd>
          </div>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="detailed-title">
        <h2 id="detailed-title" className={styles.sectionTitle}>
          Detailed list
        </h2>
        <DetailList rows={c.details} label="Detailed list" />
      </section>

      <PlanList plans={c.repay_plans} />
      <CostDisclosure disclosure={c.disclosure} />

      {flow.hasAgreements && (
        <AgreementConsent
          layout="second"
          agreements={agreements}
          agreed={flow.agreed}
          onAgreedChange={flow.setAgreed}
          onOpen={(item) => void flow.openAgreement(item)}
          opening={flow.openingAgreement}
          failure={flow.agreementFailure}
        />
      )}
      <div ref={submitArea}>
        <SubmitButton
          label={c.NewButtonMsg?.trim() || CONFIRM_FALLBACK_LABEL}
          enabled={flow.submittable}
          pending={flow.pending}
          error={flow.pushError}
          onSubmit={() => void flow.submit()}
        />
      </div>

      <AgreementModal open={flow.agreementModal} url={c.popAgreementUrl} onAgree={flow.agreeToModal} onCancel={flow.cancelModal} />
      <PromoPopup open={promoVisible} message={promoMessage} onClose={() => setPromoClosed(true)} onConfirm={confirmPromo} />
      <PointOutDialog open={flow.pointOut} title={c.popTitle} content={c.popContent} onAgree={flow.leaveAfterPointOut} onCancel={flow.stayAfterPointOut} />
    </>
  );
}

/**
 * /smpSystem, loan confirmation V3 (spec section 2): loan amount, product logo, period in days, rate
 * description, the details list, the Plan list, the cost disclosure, the agreement row (box ticked by
 * default, a link per agreement; hidden with no agreements) and 'Next', which works only while the box
 * is ticked. Popups: the loan-agreement modal and the iOS back action's 'Point out'.
 */
import { formatMoney } from '../../../shared/format/money.ts';
import type { ConfirmationScreenData } from '../api.ts';
import { CONFIRM_TITLE, NEXT_LABEL, termText } from '../confirm-rules.ts';
import { useConfirmFlow } from '../use-confirm-flow.ts';
import { AgreementConsent } from '../components/AgreementConsent.tsx';
import { whenOpened } from '../../../shared/ui/when-opened.tsx';
import { ConfirmHeader } from '../components/ConfirmHeader.tsx';
import { CostDisclosure } from '../components/CostDisclosure.tsx';
import { DetailList } from '../components/DetailList.tsx';
import { PlanList } from '../components/PlanList.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ConfirmScreenFrame } from './ConfirmScreenFrame.tsx';
import styles from '../loan-confirmation.module.css';

// The popups' code loads when one first opens, after hydration (neither is drawn by the server).
const AgreementModal = whenOpened(() => import('../components/ConfirmDialogs.tsx').then((m) => m.AgreementModal));
const PointOutDialog = whenOpened(() => import('../components/ConfirmDialogs.tsx').then((m) => m.PointOutDialog));

export default function LoanConfirmPage() {
  return <ConfirmScreenFrame variant="v3">{(data) => <LoanConfirmScreen data={data} />}</ConfirmScreenFrame>;
}

function LoanConfirmScreen({ data }: { data: ConfirmationScreenData }) {
  const { confirmation: c, agreements } = data;
  const flow = useConfirmFlow('v3', c, agreements);
  return (
    <>
      <ConfirmHeader title={CONFIRM_TITLE} onBack={flow.back} />
      <section className={styles.card} aria-labelledby="loan-amount-label">
        <div className={styles.product}>
          {c.comProductLogo && <img className={styles.logo} src={c.comProductLogo} alt={c.comProductName} width={44} height={44} />}
          <div>
            <p id="loan-amount-label" className={styles.amountLabel}>
              Loan amount
            </p>
            <p className={styles.amount}>{formatMoney(c.amount)}</p>
          </div>
        </div>
        <dl className={styles.facts} aria-label="Loan terms">
          <div className={styles.row}>
            <dt>Period</dt>
            <dd>{termText(c.periods, c.termUnit)}</dd>
          </div>
          {c.pRateDsc && (
            <div className={styles.row}>
              <dt>Rate</dt>
              <dd>{c.pRateDsc}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="details-title">
        <h2 id="details-title" className={styles.sectionTitle}>
          Loan details
        </h2>
        <DetailList rows={c.details} label="Loan details" />
      </section>

      <PlanList plans={c.repay_plans} />
      <CostDisclosure disclosure={c.disclosure} />

      {flow.hasAgreements && (
        <AgreementConsent
          layout="v3"
          agreements={agreements}
          agreed={flow.agreed}
          onAgreedChange={flow.setAgreed}
          onOpen={(item) => void flow.openAgreement(item)}
          opening={flow.openingAgreement}
          failure={flow.agreementFailure}
        />
      )}
      <SubmitButton label={NEXT_LABEL} enabled={flow.submittable} pending={flow.pending} error={flow.pushError} onSubmit={() => void flow.submit()} />

      <AgreementModal open={flow.agreementModal} url={c.popAgreementUrl} onAgree={flow.agreeToModal} onCancel={flow.cancelModal} />
      <PointOutDialog open={flow.pointOut} title={c.popTitle} content={c.popContent} onAgree={flow.leaveAfterPointOut} onCancel={flow.stayAfterPointOut} />
    </>
  );
}

/**
 * /dragonpayPaymentInstructions: how to pay a repayment code through the payment provider (spec
 * section 2): Gcash Bills, Paymaya and offline stores, each with an illustration the borrower can
 * tap to enlarge.
 */
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { EnlargeableImage } from '../components/EnlargeableImage.tsx';
import gcashBills from '../assets/gcash-bills.svg';
import paymaya from '../assets/paymaya.svg';
import offlineStore from '../assets/offline-store.svg';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../repayment.module.css';

export const INSTRUCTIONS_TITLE = 'Payment instructions';

const GUIDES = [
  {
    id: 'gcash',
    title: 'Gcash Bills',
    image: gcashBills,
    alt: 'Gcash Bills: where to tap in the Gcash app',
    steps: [
      'Open the Gcash app and tap Bills (Pay Bills).',
      'Choose Loans, then select your lender from the list.',
      'Enter your repayment code (Contract No.) as the reference number.',
      'Enter the exact amount shown on your repayment page and tap Next.',
      'Check the details, confirm, and keep the confirmation message.',
    ],
  },
  {
    id: 'paymaya',
    title: 'Paymaya',
    image: paymaya,
    alt: 'Paymaya: where to tap in the Paymaya app',
    steps: [
      'Open the Paymaya (Maya) app and tap Bills.',
      'Search for your lender and select it.',
      'Enter your repayment code (Contract No.) and the exact amount.',
      'Tap Pay and keep the receipt.',
    ],
  },
  {
    id: 'stores',
    title: 'Offline stores',
    image: offlineStore,
    alt: 'Offline stores: paying at a partner store counter',
    steps: [
      'Go to a partner store or payment centre (for example 7-Eleven or Cebuana Lhuillier).',
      'Tell the cashier you are paying a loan bill and give your repayment code (Contract No.).',
      'Pay the exact amount in cash.',
      'Keep the receipt until your loan shows the payment (usually within 15 minutes).',
    ],
  },
] as const;

export default function PaymentInstructionsPage() {
  usePageTitle(INSTRUCTIONS_TITLE);
  return (
    <main className={frame.pageAboveFooter} style={{ paddingBottom: 24 }}>
      <h1 className={frame.title}>{INSTRUCTIONS_TITLE}</h1>
      <p className={styles.notice} style={{ marginTop: 0 }}>
        Pay with your repayment code in the Gcash or Paymaya app, or in cash at a store. Tap a picture to see it full size.
      </p>
      {GUIDES.map((guide) => (
        <section key={guide.id} className={styles.guide} aria-labelledby={`guide-${guide.id}`}>
          <h2 id={`guide-${guide.id}`} className={styles.sectionTitle}>
            {guide.title}
          </h2>
          <ol className={styles.steps}>
            {guide.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <EnlargeableImage src={guide.image} alt={guide.alt} caption="Tap to enlarge" />
        </section>
      ))}
    </main>
  );
}

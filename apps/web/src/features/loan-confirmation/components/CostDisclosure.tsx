/**
 * The true cost of the loan before signing: the Truth in Lending disclosure (amount financed, finance
 * charges, net proceeds, payment schedule, effective interest rate) and, with real=1, the Key Fact
 * Statement's annual percentage rate. Every figure is the server's; the page only formats it.
 */
import { costCapRows } from '@cashloan/contract/cost-cap';
import type { CostDisclosure as Disclosure } from '@cashloan/contract/loan-confirmation';
import { formatMoney } from '../../../shared/format/money.ts';
import { percentFromBp } from '../confirm-rules.ts';
import styles from '../loan-confirmation.module.css';
import { t } from '../../../shared/i18n/texts.ts';

export function CostDisclosure({ disclosure }: { disclosure: Disclosure }) {
  const rows: Array<{ label: string; value: string; sub?: boolean }> = [
    { label: 'Amount financed', value: formatMoney(disclosure.amountFinanced) },
    ...disclosure.financeCharges.map((c) => ({ label: c.text, value: formatMoney(c.amount), sub: true })),
    { label: 'Total finance charge', value: formatMoney(disclosure.totalFinanceCharge) },
    { label: 'Net proceeds (what you receive)', value: formatMoney(disclosure.netProceeds) },
    { label: 'Total of payments', value: formatMoney(disclosure.totalOfPayments) },
    {
      label: 'Effective interest rate',
      value: t('{month} per month ({year} per year)', { month: percentFromBp(disclosure.eirMonthlyBp), year: percentFromBp(disclosure.eirAnnualBp) }),
    },
  ];
  if (disclosure.aprBp !== null) rows.push({ label: 'Annual percentage rate (APR)', value: percentFromBp(disclosure.aprBp) });
  // The legal cap of a capped offer: the most it can ever cost, and how far late charges may go.
  if (disclosure.costCap) rows.push(...costCapRows(disclosure.costCap, formatMoney, t).map((r) => ({ label: r.text, value: r.value })));
  return (
    <section className={styles.card} aria-labelledby="disclosure-title">
      <h2 id="disclosure-title" className={styles.sectionTitle}>
        {disclosure.title}
      </h2>
      <p className={styles.note}>What this loan costs in total, before you confirm.</p>
      <dl className={styles.facts} aria-labelledby="disclosure-title">
        {rows.map((row) => (
          <div key={row.label} className={row.sub ? `${styles.row} ${styles.subRow}` : styles.row}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {disclosure.coolingOff && <p className={styles.note}>{disclosure.coolingOff}</p>}
      <h3 id="schedule-title" className={styles.planTitle}>
        Payment schedule
      </h3>
      <ol className={styles.schedule} aria-labelledby="schedule-title">
        {disclosure.schedule.map((payment, index) => (
          <li key={`${index}-${payment.pay_time}`}>
            {t('{amount} on {date}', { amount: formatMoney(payment.amount), date: payment.pay_time })}
          </li>
        ))}
      </ol>
    </section>
  );
}

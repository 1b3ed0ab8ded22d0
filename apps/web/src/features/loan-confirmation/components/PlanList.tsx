/** The Plan list: each repayment's title, description, amount and date. Hidden when the server sends none. */
import type { ConfirmPlanRow } from '@cashloan/contract/loan-confirmation';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from '../loan-confirmation.module.css';

export function PlanList({ plans }: { plans: ConfirmPlanRow[] }) {
  if (plans.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="plan-title">
      <h2 id="plan-title" className={styles.sectionTitle}>
        Plan
      </h2>
      <ol className={styles.plans} aria-labelledby="plan-title">
        {plans.map((plan, index) => (
          <li key={`${index}-${plan.pay_time}`} className={styles.plan}>
            <div>
              <p className={styles.planTitle}>{plan.title}</p>
              {plan.description && <p className={styles.planText}>{plan.description}</p>}
            </div>
            <div className={styles.planMoney}>
              <p className={styles.planAmount}>{formatMoney(plan.amount)}</p>
              <p className={styles.planText}>{plan.pay_time}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How a payment was applied (late charges, interest, service fee, principal), as rows of a card. */
import type { PaymentAllocation } from '@cashloan/contract/records';
import { formatMoney } from '../../../shared/format/money.ts';
import styles from '../records.module.css';

export function AllocationRows({ allocation, labelledBy }: { allocation: PaymentAllocation; labelledBy: string }) {
  return (
    <dl className={styles.rows} aria-labelledby={labelledBy}>
      <Row term="Late charges" value={allocation.lateCharges} />
      <Row term="Interest" value={allocation.interest} />
      <Row term="Service fee" value={allocation.serviceFee} />
      <Row term="Principal" value={allocation.principal} />
      {allocation.unapplied > 0 && <Row term="Kept as your credit" value={allocation.unapplied} />}
    </dl>
  );
}

function Row({ term, value }: { term: string; value: number }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{formatMoney(value)}</dd>
    </div>
  );
}

/** Label/value rows written by the server (amounts already in the borrower's currency), shown as text. */
import type { TextRow } from '@cashloan/contract/schema';
import styles from '../loan-confirmation.module.css';

export function DetailList({ rows, label }: { rows: TextRow[]; label?: string }) {
  return (
    <dl className={styles.facts} aria-label={label}>
      {rows.map((row, index) => (
        <div key={`${index}-${row.text}`} className={styles.row}>
          <dt>{row.text}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

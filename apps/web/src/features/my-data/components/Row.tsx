/** A fact of a card: its term, and the value under it when both do not fit on one line. */
import styles from '../my-data.module.css';

export function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.row}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

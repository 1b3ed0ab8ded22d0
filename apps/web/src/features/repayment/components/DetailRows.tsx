/** A text/value list folded to its first rows until 'more' is tapped; 'hide' folds it again (spec section 2). */
import { useId, useState } from 'react';
import type { TextRow } from '@cashloan/contract/schema';
import styles from '../repayment.module.css';

/** Rows shown while folded (spec section 9). */
export const FOLDED_ROWS = 2;

export function DetailRows({ rows }: { rows: TextRow[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const foldable = rows.length > FOLDED_ROWS;
  const shown = open || !foldable ? rows : rows.slice(0, FOLDED_ROWS);
  return (
    <>
      <dl className={styles.rows} id={listId}>
        {shown.map((row, index) => (
          <div key={`${index}-${row.text}`} className={styles.row}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {foldable && (
        <button type="button" className={styles.textButton} aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
          {open ? 'hide' : 'more'}
        </button>
      )}
    </>
  );
}

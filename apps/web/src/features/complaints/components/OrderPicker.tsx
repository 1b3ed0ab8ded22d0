/** The borrower's orders as a single choice; the first few show until 'All' unfolds the rest. */
import { useState } from 'react';
import type { ComplaintOrder } from '@cashloan/contract/complaints';
import { t } from '../../../shared/i18n/texts.ts';
import { isSafeImageUrl } from '../../../shared/upload/safe-image-url.ts';
import styles from '../complaints.module.css';

/** Orders shown before 'All' is tapped. */
export const FOLDED_ORDER_COUNT = 2;

export function OrderPicker({ orders, selected, onSelect }: { orders: ComplaintOrder[]; selected: string; onSelect: (orderNo: string) => void }) {
  const [showAll, setShowAll] = useState(false);
  if (orders.length === 0) {
    return <p className={styles.hint}>You have no loan orders yet. You can still tell us about any other problem below.</p>;
  }
  const folded = orders.slice(0, FOLDED_ORDER_COUNT);
  // A chosen order further down the list stays in view while folded.
  const chosen = orders.find((o) => o.orderNo === selected);
  const visible = showAll ? orders : chosen && !folded.includes(chosen) ? [...folded, chosen] : folded;
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend className={styles.visuallyHidden}>Order</legend>
        <ul className={styles.cardList} id="complaint-orders">
          {visible.map((order) => (
            <li key={order.orderNo}>
              <label className={styles.orderCard}>
                <input
                  type="radio"
                  name="complaint-order"
                  className={styles.radio}
                  value={order.orderNo}
                  checked={order.orderNo === selected}
                  onChange={() => onSelect(order.orderNo)}
                />
                <span className={styles.orderBody}>
                  <span className={styles.orderHead}>
                    {isSafeImageUrl(order.productLogo) && <img className={styles.logo} src={order.productLogo} alt="" aria-hidden="true" width={32} height={32} />}
                    <span className={styles.orderName}>{order.productName}</span>
                  </span>
                  <span className={styles.rows}>
                    {order.list.map((row) => (
                      <span key={row.title} className={styles.row}>
                        <span className={styles.rowTitle}>{row.title}</span>
                        <span className={styles.rowValue}>{row.value}</span>
                      </span>
                    ))}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {orders.length > FOLDED_ORDER_COUNT && (
        <button type="button" className={styles.toggle} aria-expanded={showAll} aria-controls="complaint-orders" onClick={() => setShowAll((v) => !v)}>
          {/* Shown only past the folded few: always more than one order. */}
          {showAll ? 'Show fewer orders' : t('All ({n} orders)', { n: orders.length })}
        </button>
      )}
    </>
  );
}

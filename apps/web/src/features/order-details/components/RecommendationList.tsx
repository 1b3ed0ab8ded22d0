/**
 * Recommended products (spec section 3): logo, name, button (grey unless enabled), range with its
 * description, rate, description, and tags on the first 2 cards only. Server text is shown as text.
 */
import type { RecommendedProduct } from '@cashloan/contract/order-details';
import styles from './RecommendationList.module.css';
import { t } from '../../../shared/i18n/texts.ts';

/** Cards that show their tags (spec section 9): the first 2. */
export const TAGGED_RECOMMENDATIONS = 2;

export function RecommendationList({
  products,
  onOpen,
  label,
}: {
  products: RecommendedProduct[];
  onOpen: (product: RecommendedProduct, index: number) => void;
  label: string;
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {products.map((product, index) => {
        const enabled = product.enable === 1;
        const showTags = index < TAGGED_RECOMMENDATIONS && product.tags.length > 0;
        return (
          <li key={product.productId} className={styles.card}>
            <div className={styles.top}>
              <img className={styles.logo} src={product.logo} alt="" aria-hidden="true" width={40} height={40} />
              <h3 className={styles.name}>{product.name}</h3>
              <button
                type="button"
                className={enabled ? styles.button : `${styles.button} ${styles.grey}`}
                disabled={!enabled}
                // The visible text first, then which product, so each button's name is unique.
                aria-label={t('{action}: {product}', { action: product.buttonText, product: product.name })}
                onClick={() => onOpen(product, index)}
              >
                {product.buttonText}
              </button>
            </div>
            <div className={styles.figures}>
              <div className={styles.range}>
                <span className={styles.rangeValue}>{product.range}</span>
                <span className={styles.caption}>{product.rangeDesc}</span>
              </div>
              <span className={styles.rate}>{product.rate}</span>
            </div>
            {product.description && <p className={styles.description}>{product.description}</p>}
            {showTags && (
              <ul className={styles.tags} aria-label={t('{product} highlights', { product: product.name })}>
                {product.tags.map((tag) => (
                  <li key={tag} className={styles.tag}>
                    {tag}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

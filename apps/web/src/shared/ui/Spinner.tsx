/**
 * A CSS-only spinner. antd-mobile's SpinLoading animates through react-spring, which would add
 * ~23 KiB gzip to every screen that shows a loading state; this one costs a few bytes.
 * Decorative: the surrounding element announces what is loading.
 */
import styles from './Spinner.module.css';

export function Spinner({ size = 32 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}

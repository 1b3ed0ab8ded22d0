/** A payment channel's logo, or an empty square of the same size when the server's URL is not safe. */
import { isSafeImageSrc } from '../safe-url.ts';
import styles from '../repayment.module.css';

export function ChannelLogo({ src }: { src: string }) {
  return isSafeImageSrc(src) ? <img className={styles.logo} src={src} alt="" width={44} height={44} /> : <span className={styles.logo} aria-hidden="true" />;
}

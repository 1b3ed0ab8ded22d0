/**
 * A payment channel's logo, or an empty square of the same size when the server's URL is not safe.
 * Decorative (empty alt, hidden): the channel's name is always written beside it, so a screen
 * reader would otherwise read it twice. The product logos of the other screens follow the same rule.
 */
import { isSafeImageSrc } from '../safe-url.ts';
import styles from '../repayment.module.css';

export function ChannelLogo({ src }: { src: string }) {
  return isSafeImageSrc(src) ? <img className={styles.logo} src={src} alt="" aria-hidden="true" width={44} height={44} /> : <span className={styles.logo} aria-hidden="true" />;
}

/** A contact value as a link when the phone can open it (tall enough to tap), otherwise as plain text. */
import styles from '../site.module.css';

export function ContactLink({ value, href }: { value: string; href: string | null }) {
  return href ? (
    <a className={styles.inlineLink} href={href}>
      {value}
    </a>
  ) : (
    <>{value}</>
  );
}

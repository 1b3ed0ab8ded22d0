/**
 * A short "something is missing or failed" block: an icon, a title and what to do.
 * Replaces antd-mobile's ErrorBlock, whose four inline illustrations weigh ~10 KiB gzip.
 */
import styles from './Notice.module.css';

export function Notice({ title, description, kind = 'problem' }: { title: string; description?: string; kind?: 'problem' | 'empty' }) {
  return (
    <div className={styles.notice}>
      <svg className={styles.icon} viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="21" />
        {kind === 'problem' ? <path d="M24 13v14M24 33v2" /> : <path d="M15 24h18" />}
      </svg>
      <p className={styles.title}>{title}</p>
      {description && <p className={styles.description}>{description}</p>}
    </div>
  );
}

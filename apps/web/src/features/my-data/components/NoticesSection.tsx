/**
 * "Notices from us" (issue 39, docs/privacy.md "Breach register"): each personal data breach notice
 * we sent the borrower, newest first, in the server's words: when we told them, what happened, what
 * data, what we did, what they can do and whom to contact. The same words went by SMS.
 */
import type { BreachNoticeView } from '@cashloan/contract/my-data';
import { formatDate } from '../../../shared/format/date.ts';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../my-data.module.css';

const PARTS: ReadonlyArray<{ key: keyof BreachNoticeView; label: string }> = [
  { key: 'whatHappened', label: 'What happened' },
  { key: 'dataInvolved', label: 'Your data involved' },
  { key: 'whatWeDid', label: 'What we did' },
  { key: 'whatYouCanDo', label: 'What you can do' },
  { key: 'contact', label: 'Whom to contact' },
];

export function NoticesSection({ notices }: { notices: readonly BreachNoticeView[] }) {
  return (
    <section className={styles.section} aria-labelledby="my-data-notices">
      <h2 id="my-data-notices" className={styles.sectionTitle}>
        Notices from us
      </h2>
      <ul className={styles.list}>
        {notices.map((notice) => (
          <li key={notice.refNo} className={styles.card}>
            <h3 className={styles.itemTitle}>{t('A breach of your personal data ({ref})', { ref: notice.refNo })}</h3>
            <p className={styles.text}>{t('We told you on {date}.', { date: formatDate(notice.sentAt) })}</p>
            {PARTS.map(({ key, label }) => (
              <p key={key} className={styles.text}>
                <strong>{label}: </strong>
                {notice[key]}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

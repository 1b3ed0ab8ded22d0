/** The download step after registering (or after code 11): the way to the app with the template's download link. */
import { useEffect, useRef } from 'react';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../promotion.module.css';

export function DownloadStep({ appName, downloadUrl, existingAccount }: { appName: string; downloadUrl: string; existingAccount: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`${styles.card} ${styles.done}`} aria-labelledby="promo-download-title">
      <svg className={styles.doneIcon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="#dcfce7" />
        <path d="M14 24.5l7 7 13-14" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id="promo-download-title" ref={heading} tabIndex={-1}>
        {existingAccount ? 'You already have an account' : 'Registration successful'}
      </h2>
      <p>
        {t('Download {app} and log in with your mobile number to apply for your loan.', { app: appName })}
      </p>
      <a className={styles.primaryButton} href={downloadUrl}>
        {t('Download {app}', { app: appName })}
      </a>
    </section>
  );
}

/**
 * /beSeats: the online-service messaging contact and the support e-mail, each opening the phone's app;
 * and (ours, issue 39) the link to the borrower's data rights, /myData.
 */
import type { ReactNode } from 'react';
import { Loading } from '../../shared/ui/Loading.tsx';
import type { ContactInfo } from '@cashloan/contract/customer-service';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { useContactInfo } from './api.ts';
import { mailtoHref, messagingHref } from '../../shared/format/contact-links.ts';
import { Link } from '../../shared/router/router.tsx';
import { withCarriedParams } from '../../shared/params/page-params.ts';
import { MY_DATA_PATH } from '../../shared/navigation/screen-paths.ts';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './CustomerServicePage.module.css';

export const CUSTOMER_SERVICE_TITLE = 'Customer service';

export default function CustomerServicePage() {
  usePageTitle(CUSTOMER_SERVICE_TITLE);
  const { state, retry } = useContactInfo();
  return (
    <main className={frame.roomyPage}>
      <h1 className={frame.titleAboveIntro}>{CUSTOMER_SERVICE_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading contact details…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <ContactList info={state.data} />}
      {/* Shown whether or not the contact details loaded. */}
      <p id="my-data-hint" className={styles.dataHint}>
        See, download, correct or erase the data we hold about you, and choose what we may use it for.
      </p>
      <Link to={withCarriedParams(MY_DATA_PATH)} className={styles.dataLink} aria-describedby="my-data-hint">
        My data
      </Link>
    </main>
  );
}

function ContactList({ info }: { info: ContactInfo }) {
  const chat = messagingHref(info.smWa);
  const mail = mailtoHref(info.email);
  return (
    <>
      <p className={styles.intro}>We are here to help. Contact us through online service or by e-mail.</p>
      <ul className={styles.list}>
        <li>
          <ContactCard href={chat} icon={<ChatIcon />} label="Online service" value={info.smWa} hint={chat ? 'Tap to start a chat' : undefined} />
        </li>
        <li>
          <ContactCard href={mail} icon={<MailIcon />} label="E-mail" value={info.email} hint={mail ? 'Tap to write us an e-mail' : undefined} />
        </li>
      </ul>
    </>
  );
}

function ContactCard(props: { href: string | null; icon: ReactNode; label: string; value: string; hint: string | undefined }) {
  const body: ReactNode = (
    <>
      <span className={styles.icon} aria-hidden="true">
        {props.icon}
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{props.label}</span>
        {/* Server text is shown as text, never as markup. */}
        <span className={props.href ? styles.value : `${styles.value} ${styles.plain}`}>{props.value || 'Not available'}</span>
        {props.hint && <span className={styles.hint}>{props.hint}</span>}
      </span>
    </>
  );
  if (!props.href) return <div className={styles.card}>{body}</div>;
  // No target=_blank: iOS webviews ignore it; the host hands wa.me and mailto to their apps.
  return (
    <a className={styles.card} href={props.href}>
      {body}
    </a>
  );
}

// Drawn inline: webviews without an emoji font would show an empty box for an emoji icon.
function ChatIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </svg>
  );
}

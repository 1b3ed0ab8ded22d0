/**
 * "Your consents": each purpose with its words and a switch. One tap grants or withdraws it (no
 * confirmation either way: withdrawing is as easy as granting). A purpose that cannot be withdrawn now
 * (loan servicing while a loan is open) has its switch disabled and the reason beside it. A failed
 * change puts the switch back and tells the server's message with a Retry.
 */
import { useId, useRef, useState } from 'react';
import type { ConsentView } from '@cashloan/contract/my-data';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatDate } from '../../../shared/format/date.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { setConsent } from '../api.ts';
import { failureMessage } from '../failure.ts';
import styles from '../my-data.module.css';

export function ConsentList({ consents }: { consents: ConsentView[] }) {
  return (
    <ul className={styles.list}>
      {consents.map((consent) => (
        <li key={consent.purpose} className={styles.card}>
          <ConsentItem initial={consent} />
        </li>
      ))}
    </ul>
  );
}

/** What the ledger says of the purpose, in words beside the switch. */
function stateText(consent: ConsentView): string {
  const when = consent.changedAt ? formatDate(consent.changedAt) : '';
  if (consent.granted) return when ? t('On: you agreed on {date}', { date: when }) : t('On');
  return when ? t('Off: you withdrew it on {date}', { date: when }) : t('Off');
}

function ConsentItem({ initial }: { initial: ConsentView }) {
  const [consent, setShown] = useState(initial);
  // The state the borrower asked for while its call runs; null when none runs.
  const [pending, setPending] = useState<boolean | null>(null);
  const [failure, setFailure] = useState<{ message: string; wanted: boolean } | null>(null);
  const running = useRef(false);
  const id = useId();
  const locked = consent.granted && !consent.canWithdraw;

  const change = async (wanted: boolean) => {
    if (running.current) return;
    running.current = true;
    setPending(wanted);
    setFailure(null);
    try {
      setShown(await setConsent(consent.purpose, wanted));
    } catch (error) {
      setFailure({ message: failureMessage(error), wanted });
    } finally {
      running.current = false;
      setPending(null);
    }
  };

  const describedBy = [`${id}-text`, `${id}-state`, locked ? `${id}-locked` : '', failure ? `${id}-failure` : ''].filter(Boolean).join(' ');
  return (
    <>
      <div className={styles.consentHead}>
        <h3 id={`${id}-title`} className={styles.itemTitle}>
          {consent.title}
        </h3>
        <span className={styles.switch}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switchInput}
            checked={pending ?? consent.granted}
            disabled={locked}
            aria-busy={pending !== null || undefined}
            aria-labelledby={`${id}-title`}
            aria-describedby={describedBy}
            onChange={(event) => void change(event.target.checked)}
          />
          <span className={styles.switchTrack} aria-hidden="true" />
        </span>
      </div>
      <p id={`${id}-text`} className={styles.text}>
        {consent.text}
      </p>
      <p id={`${id}-state`} className={consent.granted ? styles.stateOn : styles.stateOff}>
        {pending === null ? stateText(consent) : pending ? 'Turning on…' : 'Turning off…'}
      </p>
      {locked && (
        <p id={`${id}-locked`} className={styles.locked}>
          {consent.lockedReason}
        </p>
      )}
      {failure && (
        <div className={styles.failure} role="alert">
          <p id={`${id}-failure`}>
            {failure.wanted ? t('Could not turn it on: {reason}', { reason: failure.message }) : t('Could not turn it off: {reason}', { reason: failure.message })}
          </p>
          <Button size="small" color="primary" fill="outline" className={styles.retry} aria-describedby={`${id}-failure`} onClick={() => void change(failure.wanted)}>
            Retry
          </Button>
        </div>
      )}
    </>
  );
}

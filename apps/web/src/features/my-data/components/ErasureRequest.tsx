/**
 * An erasure request: what erasing does, what the law makes us keep (which law, until when), and a
 * button that asks once more in a dialog before the request is sent. A refusal (an erasure already
 * open) is told as its text; any other failure with a Retry that sends it again (already confirmed).
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { DataRequestView, MyData } from '@cashloan/contract/my-data';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatDate } from '../../../shared/format/date.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { sendDataRequest } from '../api.ts';
import { failureMessage, isRefusal } from '../failure.ts';
import { Row } from './Row.tsx';
import styles from '../my-data.module.css';

// Shown only after a tap on the erase button: its code (and the dialog's) loads then.
const ErasureDialog = lazy(() => import('./ErasureDialog.tsx'));

export const ERASE_BUTTON = 'Ask to erase my data';

/** How long the law's records are kept: until a date, or (a loan still open) the lender's years from when the last one closes. */
export function keptFor({ keptUntil, years }: Pick<MyData['retention'], 'keptUntil' | 'years'>): string {
  return keptUntil ? t('Until {date}', { date: formatDate(keptUntil) }) : t('For {n} years after your last loan closes', { n: years });
}

export function ErasureRequest({ retention, onSent }: { retention: MyData['retention']; onSent: (request: DataRequestView) => void }) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const running = useRef(false);
  const id = useId();
  const kept = keptFor(retention);

  const send = async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    setSent('');
    try {
      const answer = await sendDataRequest({ kind: 'erasure' });
      onSent(answer);
      setSent(t('Sent. Your reference is {ref}; we answer by {date}.', { ref: answer.refNo, date: formatDate(answer.answerBy) }));
    } catch (error) {
      setFailure({ message: failureMessage(error), retry: !isRefusal(error) });
    } finally {
      running.current = false;
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.itemTitle}>
        Ask us to erase your data
      </h3>
      <p className={styles.text}>
        We erase or anonymise your name, phone, bound accounts, photos and the messages we sent you, and tell you when it is done. The law makes us
        keep some records:
      </p>
      <dl className={styles.rows}>
        <Row term="What we keep" value={retention.what} />
        <Row term="How long" value={kept} />
        <Row term="The law" value={retention.law} />
      </dl>
      {failure && (
        <div className={styles.failure} role="alert">
          <p id={`${id}-failure`}>{failure.message}</p>
          {failure.retry && (
            <Button size="small" color="primary" fill="outline" className={styles.retry} aria-describedby={`${id}-failure`} onClick={() => void send()}>
              Retry
            </Button>
          )}
        </div>
      )}
      <Button block color="primary" fill="outline" className={styles.button} loading={busy && !asking} onClick={() => setAsking(true)}>
        {ERASE_BUTTON}
      </Button>
      <p className={styles.status} role="status">
        {sent}
      </p>
      {asking && (
        <Suspense fallback={null}>
          <ErasureDialog
            text={t('We will erase or anonymise everything the law does not make us keep. What we keep: {what} ({kept}). Once done, this cannot be undone.', {
              what: retention.what,
              kept: kept.toLowerCase(),
            })}
            busy={busy}
            onCancel={() => setAsking(false)}
            onConfirm={send}
          />
        </Suspense>
      )}
    </section>
  );
}

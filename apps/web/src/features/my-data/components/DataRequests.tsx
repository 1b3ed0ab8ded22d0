/**
 * "Your requests": the borrower's requests to correct or erase their data, newest first, each with
 * its reference, state and the date we answer by; then the correction form and the erasure request.
 * A request just sent goes to the top of the list.
 */
import { useCallback, useState } from 'react';
import type { DataRequestView, MyData } from '@cashloan/contract/my-data';
import { formatDate, formatDateTime } from '../../../shared/format/date.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { CorrectionForm } from './CorrectionForm.tsx';
import { FIELD_TITLES } from '../fields.ts';
import { ErasureRequest } from './ErasureRequest.tsx';
import { Row } from './Row.tsx';
import styles from '../my-data.module.css';

/** A correction's field in words ('Name'); a field this screen does not know is shown as the server wrote it. */
export function fieldTitle(field: string): string {
  return (FIELD_TITLES as Record<string, string | undefined>)[field] ?? field;
}

export function DataRequests({ initial, retention }: { initial: DataRequestView[]; retention: MyData['retention'] }) {
  const [requests, setRequests] = useState(initial);
  const added = useCallback((request: DataRequestView) => setRequests((shown) => [request, ...shown.filter((r) => r.refNo !== request.refNo)]), []);
  return (
    <section className={styles.section} aria-labelledby="my-data-requests">
      <h2 id="my-data-requests" className={styles.sectionTitle}>
        Your requests
      </h2>
      {requests.length === 0 ? (
        <p className={styles.intro}>You have not asked us to correct or erase your data.</p>
      ) : (
        <ol className={styles.list} aria-label="Your requests, newest first">
          {requests.map((request) => (
            <RequestItem key={request.refNo} request={request} />
          ))}
        </ol>
      )}
      <CorrectionForm onSent={added} />
      <ErasureRequest retention={retention} onSent={added} />
    </section>
  );
}

function RequestItem({ request }: { request: DataRequestView }) {
  const title = request.kind === 'erasure' ? t('Erasure of your data') : t('Correction: {field}', { field: t(fieldTitle(request.field)) });
  return (
    <li className={styles.card}>
      <h3 className={styles.itemTitle}>{title}</h3>
      <dl className={styles.rows}>
        <Row term="Reference" value={request.refNo} />
        <Row term="State" value={request.stateTitle} />
        <Row term="Asked on" value={formatDateTime(request.createdAt)} />
        <Row term="We answer by" value={formatDate(request.answerBy)} />
        {request.reason !== '' && <Row term="Our answer" value={request.reason} />}
        {request.doneAt !== '' && <Row term="Done on" value={formatDateTime(request.doneAt)} />}
      </dl>
    </li>
  );
}

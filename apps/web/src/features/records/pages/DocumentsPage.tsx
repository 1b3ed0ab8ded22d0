/**
 * /loanDocuments?orderId= (ours, issue 22; docs/records.md): the order's documents the server lists
 * (the disclosure and agreements as confirmed, the schedule, the statement, the certificate once
 * settled), each downloadable as a PDF.
 */
import type { OrderDocuments, RecordDocument } from '@cashloan/contract/records';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { Notice } from '../../../shared/ui/Notice.tsx';
import { fetchRecordPdf, useOrderDocuments } from '../api.ts';
import { DownloadButton } from '../../../shared/ui/DownloadButton.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../records.module.css';

export const DOCUMENTS_TITLE = 'Loan documents';

export default function DocumentsPage() {
  usePageTitle(DOCUMENTS_TITLE);
  const { state, retry } = useOrderDocuments();
  return (
    <main className={frame.page}>
      <h1 className={frame.titleAboveIntro}>{DOCUMENTS_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your documents…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <DocumentList answer={state.data} />}
    </main>
  );
}

function DocumentList({ answer }: { answer: OrderDocuments }) {
  return (
    <>
      <p className={styles.intro}>{t('Order No. {orderNo}', { orderNo: answer.orderNo })}</p>
      {answer.documents.length === 0 ? (
        <Notice kind="empty" title="No documents yet" description="Your documents appear here once your loan is confirmed." />
      ) : (
        <ul className={styles.list} aria-label="Documents">
          {answer.documents.map((doc, index) => (
            <DocumentItem key={doc.document} doc={doc} index={index} />
          ))}
        </ul>
      )}
    </>
  );
}

function DocumentItem({ doc, index }: { doc: RecordDocument; index: number }) {
  return (
    <li className={styles.card}>
      <h2 id={`document-${index}`} className={styles.docTitle}>
        {doc.title}
      </h2>
      <DownloadButton
        label="Download"
        accessibleName={t('Download {title} (PDF)', { title: doc.title })}
        fill="outline"
        load={() => fetchRecordPdf({ document: doc.document, fileName: doc.fileName })}
      />
    </li>
  );
}

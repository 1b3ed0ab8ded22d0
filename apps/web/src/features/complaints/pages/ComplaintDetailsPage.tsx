/**
 * /complainDetails?problemId=: the complaint, its images and the agent's 'Process Result'; 3 s after
 * it loads, the rating dialog when the reply asks for a rating (isNeedScore non-zero).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import type { ComplaintDetail } from '@cashloan/contract/complaints';
import { COMPLAINT_MAX_CHARS } from '@cashloan/contract/routes/values';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { sendRating, useComplaintDetail } from '../api.ts';
import { ImageGrid } from '../../../shared/upload/ImageGrid.tsx';
import { isSafeImageUrl } from '../../../shared/upload/safe-image-url.ts';
import { ComplaintRatingDialog } from '../components/ComplaintRatingDialog.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../complaints.module.css';
import { isWebAddress, readableDate, STATE_LABELS } from '../ticket-text.ts';

export const COMPLAINT_DETAILS_TITLE = 'Online service';
export const PROCESS_RESULT_TITLE = 'Process Result';
/** Spec section 9: the rating dialog opens this long after the details load. */
export const RATING_DELAY_MS = 3000;

export default function ComplaintDetailsPage() {
  usePageTitle(COMPLAINT_DETAILS_TITLE);
  const [search] = useSearchParams();
  const problemId = search.get('problemId') ?? '';
  const { state, retry } = useComplaintDetail(problemId);
  return (
    <main className={frame.roomyPage}>
      <h1 className={frame.title}>{COMPLAINT_DETAILS_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading your complaint…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <Details key={state.data.problemId} complaint={state.data} />}
    </main>
  );
}

function Details({ complaint }: { complaint: ComplaintDetail }) {
  const [rating, setRating] = useState<'waiting' | 'open' | 'done'>(complaint.isNeedScore !== 0 ? 'waiting' : 'done');

  useEffect(() => {
    if (rating !== 'waiting') return;
    const timer = setTimeout(() => setRating('open'), RATING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [rating]);

  const hasResult = complaint.disposeDetail.trim() !== '' || complaint.disposeImages.some(isSafeImageUrl);
  return (
    <>
      {complaint.ticketNo && (
        <section className={styles.card} aria-labelledby="complaint-ticket">
          <h2 id="complaint-ticket" className={styles.cardHeading}>
            Your complaint
          </h2>
          <dl className={styles.ticketFacts}>
            <div>
              <dt>Reference</dt>
              <dd className={styles.ticketNo}>{complaint.ticketNo}</dd>
            </div>
            {complaint.state && (
              <div>
                <dt>Status</dt>
                <dd>{STATE_LABELS[complaint.state] ?? complaint.state}</dd>
              </div>
            )}
            {complaint.answerBy && complaint.state !== 'answered' && (
              <div>
                <dt>Answer by</dt>
                <dd>
                  <time dateTime={complaint.answerBy}>{readableDate(complaint.answerBy)}</time>
                </dd>
              </div>
            )}
          </dl>
        </section>
      )}
      {complaint.escalation && <Escalation note={complaint.escalation} />}

      <section className={styles.card} aria-labelledby="complaint-type">
        <h2 id="complaint-type" className={styles.cardHeading}>
          {complaint.sonType ? `${complaint.type} · ${complaint.sonType}` : complaint.type}
        </h2>
        {/* Server text is shown as text, never as markup. */}
        <p className={styles.content}>{complaint.content}</p>
        <p className={styles.counterLine}>
          {complaint.content.length}/{COMPLAINT_MAX_CHARS}
        </p>
        <ImageGrid images={complaint.images} label="Your images" />
      </section>

      {hasResult && (
        <section className={styles.card} aria-labelledby="complaint-result">
          <h2 id="complaint-result" className={styles.cardHeading}>
            {PROCESS_RESULT_TITLE}
          </h2>
          {complaint.disposeDetail.trim() !== '' && <p className={styles.content}>{complaint.disposeDetail}</p>}
          <ImageGrid images={complaint.disposeImages} label="Reply images" />
        </section>
      )}

      <ComplaintRatingDialog
        open={rating === 'open'}
        send={(score) => sendRating(String(complaint.problemId), score)}
        // Cancel closes for this visit; the request stays, so the dialog comes back next time.
        onClose={() => setRating('done')}
      />
    </>
  );
}

/** Past the promised date without an answer: where the borrower may take the complaint (server text, shown as text). */
function Escalation({ note }: { note: NonNullable<ComplaintDetail['escalation']> }) {
  return (
    <section className={styles.card} aria-labelledby="complaint-escalation">
      <h2 id="complaint-escalation" className={styles.cardHeading}>
        {note.title}
      </h2>
      <p className={styles.content}>{note.text}</p>
      <dl className={styles.ticketFacts}>
        <div>
          <dt>Grievance officer</dt>
          <dd>{note.officerName}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${note.officerEmail}`}>{note.officerEmail}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${note.officerPhone.replace(/[^\d+]/g, '')}`}>{note.officerPhone}</a>
          </dd>
        </div>
        <div>
          <dt>Regulator</dt>
          <dd>
            {isWebAddress(note.authorityUrl) ? (
              <a href={note.authorityUrl} rel="noopener noreferrer" target="_blank">
                {note.authorityName} ({note.authorityUrl.replace(/^https:\/\//, '')})
              </a>
            ) : (
              note.authorityName
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

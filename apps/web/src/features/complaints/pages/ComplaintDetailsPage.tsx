/**
 * /complainDetails?problemId=: the complaint, its images and the agent's 'Process Result'; 3 s after
 * it loads, the rating dialog when the reply asks for a rating (isNeedScore non-zero).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import type { ComplaintDetail } from '@cashloan/contract/complaints';
import { COMPLAINT_MAX_CHARS } from '@cashloan/contract/routes';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { sendRating, useComplaintDetail } from '../api.ts';
import { ImageGrid, isSafeImageUrl } from '../components/ImageGrid.tsx';
import { ComplaintRatingDialog } from '../components/ComplaintRatingDialog.tsx';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../complaints.module.css';

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

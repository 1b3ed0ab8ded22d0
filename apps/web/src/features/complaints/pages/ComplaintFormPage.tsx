/**
 * /complainPageNext?problemType=&problemSonType=&orderNo=: the description (n/200), the images and
 * Send. On success a modal shows for 1.5 s, then this page is replaced by the complaint home page
 * and the stored draft is cleared (spec section 4).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { Notice } from '../../../shared/ui/Notice.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import type { ProblemInit } from '@cashloan/contract/complaints';
import { COLLECTION_PROBLEM_TYPE, COMPLAINT_MAX_CHARS } from '@cashloan/contract/routes/values';
import { ApiCallError } from '../../../shared/http/client.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { messageLang } from '../../../shared/i18n/message-lang.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { useHydrated } from '../../../shared/ui/use-hydrated.ts';
import { submitComplaint, useProblemChoices } from '../api.ts';
import { readableDate } from '../ticket-text.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { clearDraft, readDraft, saveDraft, type ComplaintChoice } from '../complaint-draft.ts';
import { ImageUploader } from '../../../shared/upload/ImageUploader.tsx';
import { COMPLAINT_START_PATH } from '../../../shared/navigation/screen-paths.ts';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../complaints.module.css';

export const COMPLAINT_FORM_TITLE = 'Describe your problem';
export const DESCRIPTION_REQUIRED_MESSAGE = 'Please fill in your comments and suggestions';
export const REVIEW_PROMISE = 'We will review your complaint within 3 weekdays.';
export const WAIT_FOR_UPLOAD_MESSAGE = 'Please wait until the image has finished uploading.';
/** How long the success modal stays before the complaint home page replaces this one (spec section 9). */
export const SUCCESS_MODAL_MS = 1500;

export default function ComplaintFormPage() {
  usePageTitle(COMPLAINT_FORM_TITLE);
  const [search] = useSearchParams();
  const choice: ComplaintChoice = {
    problemType: search.get('problemType') ?? '',
    problemSonType: search.get('problemSonType') ?? '',
    orderNo: search.get('orderNo') ?? '',
  };
  const { state, retry } = useProblemChoices();
  return (
    <main className={frame.roomyPage}>
      <h1 className={frame.title}>{COMPLAINT_FORM_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <ChoiceCheck init={state.data} choice={choice} />}
    </main>
  );
}

/** The titles of the chosen type and sub-type, or null when the URL names a choice that does not exist. */
function chosenTitles(init: ProblemInit, choice: ComplaintChoice): { type: string; sonType: string } | null {
  const type = init.problemType.find((t) => t.value === choice.problemType);
  if (!type) return null;
  if (choice.problemType !== COLLECTION_PROBLEM_TYPE) return choice.problemSonType === '' ? { type: type.title, sonType: '' } : null;
  const son = init.problemSonType.find((s) => s.value === choice.problemSonType);
  return son && choice.orderNo ? { type: type.title, sonType: son.title } : null;
}

function ChoiceCheck({ init, choice }: { init: ProblemInit; choice: ComplaintChoice }) {
  const titles = chosenTitles(init, choice);
  if (!titles) {
    return (
      <div role="alert" className={styles.empty}>
        <Notice title="This question type is not available" description="Please choose the order and the question type again." />
        <Link className={styles.linkButton} to={withCarriedParams(COMPLAINT_START_PATH)}>
          Choose again
        </Link>
      </div>
    );
  }
  const order = init.orderList.find((o) => o.orderNo === choice.orderNo);
  return <ComplaintForm choice={choice} titles={titles} orderName={order ? `${order.productName} · ${order.orderNo}` : choice.orderNo} />;
}

function ComplaintForm({ choice, titles, orderName }: { choice: ComplaintChoice; titles: { type: string; sonType: string }; orderName: string }) {
  const navigate = useNavigate();
  const [detail, setDetail] = useState('');
  const [images, setImages] = useState<string[]>([]);
  // The server cannot see this phone's storage: the form starts empty, and the draft is read in the
  // first render that runs in the browser (a screen the browser renders: its first; one the server
  // rendered: the one right after hydration).
  const hydrated = useHydrated();
  const [draftRead, setDraftRead] = useState(false);
  if (hydrated && !draftRead) {
    // Text typed or a photo added before the code ran (and handed to the field's handler by then)
    // is newer than the draft, and is kept.
    setDraftRead(true);
    const stored = readDraft(choice);
    if (stored.detail !== '' && detail === '') setDetail(stored.detail);
    if (stored.images.length > 0 && images.length === 0) setImages(stored.images);
  }
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [filed, setFiled] = useState<{ ticketNo?: string | undefined; answerBy?: string | undefined } | null>(null);
  const sent = filed !== null;
  const sendingRef = useRef(false);
  const successTitle = useId();
  const successText = useId();

  useEffect(() => {
    // Not before the draft is read: the empty screen would erase it.
    if (!sent && draftRead) saveDraft({ ...choice, detail, images });
    // choice comes from the URL, which does not change while this form is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detail, images, sent, draftRead]);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      clearDraft();
      navigate(withCarriedParams(COMPLAINT_START_PATH), { replace: true });
    }, SUCCESS_MODAL_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const send = async () => {
    if (sendingRef.current || sent) return;
    if (detail.trim() === '') {
      showToast(DESCRIPTION_REQUIRED_MESSAGE);
      return;
    }
    if (uploading) {
      showToast(WAIT_FOR_UPLOAD_MESSAGE);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    setFailure(null);
    try {
      const answer = await submitComplaint({ ...choice, problemDetail: detail.trim(), problemImage: images.join(',') });
      clearDraft();
      setFiled(answer);
    } catch (error) {
      setFailure(error instanceof ApiCallError ? error.message : t('Could not send your complaint.'));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <>
      <dl className={styles.summary}>
        <div className={styles.summaryRow}>
          <dt>Question type</dt>
          <dd>{titles.sonType ? `${titles.type} · ${titles.sonType}` : titles.type}</dd>
        </div>
        {orderName && (
          <div className={styles.summaryRow}>
            <dt>Order</dt>
            <dd>{orderName}</dd>
          </div>
        )}
      </dl>

      <section className={styles.section}>
        <label htmlFor="complaint-detail" className={styles.heading}>
          Description
        </label>
        <div className={styles.textareaBox}>
          <textarea
            id="complaint-detail"
            className={styles.textarea}
            rows={6}
            maxLength={COMPLAINT_MAX_CHARS}
            placeholder={DESCRIPTION_REQUIRED_MESSAGE}
            aria-describedby="complaint-detail-count"
            aria-required="true"
            value={detail}
            onChange={(e) => setDetail(e.target.value.slice(0, COMPLAINT_MAX_CHARS))}
          />
          <span id="complaint-detail-count" className={styles.counter}>
            {detail.length}/{COMPLAINT_MAX_CHARS}
          </span>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="complaint-images-heading">
        <h2 id="complaint-images-heading" className={styles.heading}>
          Images
        </h2>
        <ImageUploader
          images={images}
          onAdd={(url) => setImages((list) => [...list, url])}
          onRemove={(index) => setImages((list) => list.filter((_, i) => i !== index))}
          onBusyChange={setUploading}
        />
      </section>

      <p className={styles.promise}>{REVIEW_PROMISE}</p>
      {failure && (
        <p className={styles.inlineAlert} role="alert">
          {textWith(t('Your complaint was not sent: {reason} Tap Send to try again.'), { reason: <span lang={messageLang(failure)}>{failure}</span> })}
        </p>
      )}
      <Button block size="large" color="primary" onClick={() => void send()} loading={sending} disabled={sent}>
        Send
      </Button>

      {/* No buttons: it leaves by itself after SUCCESS_MODAL_MS, so nothing may close it sooner. */}
      <Modal open={sent} labelledBy={successTitle} describedBy={successText}>
        <div className={styles.successIcon} aria-hidden="true">
          ✓
        </div>
        <h2 id={successTitle} className={styles.dialogTitle}>
          Complaint sent
        </h2>
        <p id={successText} className={styles.dialogText}>
          {t('Thank you.')} {REVIEW_PROMISE}
          {filed?.ticketNo && (
            <>
              {' '}
              {textWith(t('Your reference is {reference}.'), { reference: <strong className={styles.ticketNo}>{filed.ticketNo}</strong> })}
            </>
          )}
          {filed?.answerBy && <> {t('You will have our answer by {date}.', { date: readableDate(filed.answerBy) })}</>}
        </p>
      </Modal>
    </>
  );
}

/**
 * A file download (issue 22; the records' PDFs and the borrower's data, issue 39): one request per tap (the button is disabled while it runs, and a ref
 * stops taps landing in the same tick), the file handed to the host app through saveFile (or
 * downloaded by the page in a browser), and a failure told with its reason and a Retry button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { saveFile, type FileToSave } from '../bridge/save-file.ts';
import { ApiCallError, NETWORK_FAILURE_MESSAGE } from '../http/client.ts';
import styles from './DownloadButton.module.css';
import { t } from '../i18n/texts.ts';

type DownloadState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string } | { kind: 'done'; text: string };

/** What a failed download says before its reason, unless the caller names the file otherwise. */
export const DOWNLOAD_FAILED = 'Could not download the PDF';

export function DownloadButton({
  label,
  accessibleName,
  load,
  fill = 'solid',
  failedText = DOWNLOAD_FAILED,
}: {
  /** The visible text, e.g. 'Download PDF'. */
  label: string;
  /** The button's name when the label alone does not say which file (it starts with the label). */
  accessibleName?: string;
  load: () => Promise<FileToSave>;
  fill?: 'solid' | 'outline';
  /** What a failure says before its reason. */
  failedText?: string;
}) {
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const running = useRef(false);
  const frame = useRef<HTMLDivElement>(null);
  // Chrome blurs a focused button that turns disabled: focus comes back to it when the download ends.
  const hadFocus = useRef(false);
  const failureId = useId();
  const busy = state.kind === 'busy';
  useEffect(() => {
    if (busy || !hadFocus.current) return;
    hadFocus.current = false;
    const active = document.activeElement;
    if (active === null || active === document.body) frame.current?.querySelector('button')?.focus();
  }, [busy]);
  const download = async () => {
    if (running.current) return;
    running.current = true;
    hadFocus.current = frame.current?.contains(document.activeElement) ?? false;
    setState({ kind: 'busy' });
    try {
      const file = await load();
      const transport = saveFile(file);
      setState({ kind: 'done', text: t(transport === 'browser' ? 'Downloaded {file}' : 'Sent to your phone: {file}', { file: file.fileName }) });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiCallError ? error.message : NETWORK_FAILURE_MESSAGE });
    } finally {
      running.current = false;
    }
  };
  return (
    <div className={styles.download} ref={frame}>
      <Button
        block
        color="primary"
        fill={fill}
        className={styles.button}
        aria-label={accessibleName}
        loading={busy}
        disabled={busy}
        onClick={() => void download()}
      >
        {label}
      </Button>
      {state.kind === 'failed' && (
        <div className={styles.failure} role="alert">
          <p id={failureId}>
            {failedText}: {state.message}
          </p>
          <Button size="small" color="primary" fill="outline" className={styles.retry} aria-describedby={failureId} onClick={() => void download()}>
            Retry
          </Button>
        </div>
      )}
      <p className={styles.status} role="status">
        {state.kind === 'done' ? state.text : ''}
      </p>
    </div>
  );
}

/**
 * One download of the borrower's data: one request per tap (disabled while it runs; a ref stops taps
 * landing in the same tick), the file handed to the host app through saveFile (a Blob download in a
 * browser), and a failure told with its reason and a Retry button. The records feature has the same
 * button for its PDFs (features/records/components/DownloadButton.tsx); features do not import each
 * other, so the two should move to shared/ui together.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/Button.tsx';
import { saveFile, type FileToSave } from '../../../shared/bridge/save-file.ts';
import { ApiCallError, NETWORK_FAILURE_MESSAGE } from '../../../shared/http/client.ts';
import styles from '../my-data.module.css';

type DownloadState = { kind: 'idle' | 'busy' } | { kind: 'failed'; message: string } | { kind: 'done'; text: string };

export const DOWNLOAD_FAILED = 'Could not download your data';

export function DownloadButton({ label, load }: { label: string; load: () => Promise<FileToSave> }) {
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
      setState({ kind: 'done', text: transport === 'browser' ? `Downloaded ${file.fileName}` : `Sent to your phone: ${file.fileName}` });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiCallError ? error.message : NETWORK_FAILURE_MESSAGE });
    } finally {
      running.current = false;
    }
  };
  return (
    <div className={styles.download} ref={frame}>
      <Button block color="primary" fill="outline" className={styles.button} loading={busy} onClick={() => void download()}>
        {label}
      </Button>
      {state.kind === 'failed' && (
        <div className={styles.failure} role="alert">
          <p id={failureId}>
            {DOWNLOAD_FAILED}: {state.message}
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

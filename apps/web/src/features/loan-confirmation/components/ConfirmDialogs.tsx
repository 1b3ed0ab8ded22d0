/**
 * The popups both variants share: the loan-agreement modal with the agreement page embedded (Cancel
 * closes the webview, Agree dismisses), and the 'Point out' popup the iOS back action opens when
 * isPopType is 1 (the server's title and content; Agree leaves, Cancel stays). Server text is text.
 * Loaded when one first opens (the pages' whenOpened), not with the screen.
 */
import { AlertDialog } from '../../../shared/ui/AlertDialog.tsx';
import { POINT_OUT_TITLE, frameUrl } from '../confirm-rules.ts';
import styles from '../loan-confirmation.module.css';

export const AGREEMENT_MODAL_TITLE = 'Loan Agreement';

export function AgreementModal({ open, url, onAgree, onCancel }: { open: boolean; url: string; onAgree: () => void; onCancel: () => void }) {
  const src = frameUrl(url);
  return (
    <AlertDialog
      open={open && src !== null}
      title={AGREEMENT_MODAL_TITLE}
      actions={[
        { text: 'Cancel', onClick: onCancel },
        { text: 'Agree', primary: true, onClick: onAgree },
      ]}
    >
      {src && <iframe className={styles.frame} src={src} title="The loan agreement" />}
    </AlertDialog>
  );
}

export function PointOutDialog({ open, title, content, onAgree, onCancel }: { open: boolean; title: string; content: string; onAgree: () => void; onCancel: () => void }) {
  return (
    <AlertDialog
      open={open}
      title={POINT_OUT_TITLE}
      text={
        (title || content) && (
          <>
            {title && <p className={styles.dialogLead}>{title}</p>}
            {content && <p>{content}</p>}
          </>
        )
      }
      actions={[
        { text: 'Cancel', onClick: onCancel },
        { text: 'Agree', primary: true, onClick: onAgree },
      ]}
    />
  );
}

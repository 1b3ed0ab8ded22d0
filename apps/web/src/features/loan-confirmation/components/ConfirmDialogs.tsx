/**
 * The popups both variants share: the loan-agreement modal with the agreement page embedded (Cancel
 * closes the webview, Agree dismisses), and the 'Point out' popup the iOS back action opens when
 * isPopType is 1 (the server's title and content; Agree leaves, Cancel stays). Server text is text.
 */
import { Dialog } from 'antd-mobile';
import { POINT_OUT_TITLE, frameUrl } from '../confirm-rules.ts';
import styles from '../loan-confirmation.module.css';

export const AGREEMENT_MODAL_TITLE = 'Loan Agreement';

export function AgreementModal({ visible, url, onAgree, onCancel }: { visible: boolean; url: string; onAgree: () => void; onCancel: () => void }) {
  const src = frameUrl(url);
  return (
    <Dialog
      visible={visible && src !== null}
      aria-label={AGREEMENT_MODAL_TITLE}
      title={AGREEMENT_MODAL_TITLE}
      content={src && <iframe className={styles.frame} src={src} title="The loan agreement" />}
      actions={[
        [
          { key: 'cancel', text: 'Cancel', onClick: onCancel },
          { key: 'agree', text: 'Agree', bold: true, onClick: onAgree },
        ],
      ]}
    />
  );
}

export function PointOutDialog({ visible, title, content, onAgree, onCancel }: { visible: boolean; title: string; content: string; onAgree: () => void; onCancel: () => void }) {
  return (
    <Dialog
      visible={visible}
      aria-label={POINT_OUT_TITLE}
      title={POINT_OUT_TITLE}
      content={
        <>
          {title && <p className={styles.dialogLead}>{title}</p>}
          {content && <p className={styles.dialogText}>{content}</p>}
        </>
      }
      actions={[
        [
          { key: 'cancel', text: 'Cancel', onClick: onCancel },
          { key: 'agree', text: 'Agree', bold: true, onClick: onAgree },
        ],
      ]}
    />
  );
}

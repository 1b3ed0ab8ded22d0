/** An illustration the borrower can tap to see full size, in a dialog with a Close button. */
import { useCallback, useId, useState } from 'react';
import { DialogActions } from '../../../shared/ui/AlertDialog.tsx';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../repayment.module.css';

export function EnlargeableImage({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = useCallback(() => setOpen(false), []);
  return (
    <figure style={{ margin: 0 }}>
      <button type="button" className={styles.figureButton} aria-label={t('{alt}: open full size', { alt: t(alt) })} onClick={() => setOpen(true)}>
        <img src={src} alt="" aria-hidden="true" width={360} height={240} />
      </button>
      <figcaption className={styles.figureCaption}>{caption}</figcaption>
      <Modal open={open} labelledBy={titleId} onClose={close}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {alt}
        </h2>
        <img className={styles.fullImage} src={src} alt={alt} />
        <DialogActions actions={[{ text: 'Close', primary: true, onClick: close }]} />
      </Modal>
    </figure>
  );
}

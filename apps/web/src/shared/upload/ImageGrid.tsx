/**
 * Thumbnails of uploaded images (a complaint's, its reply's, a correction's document photo); tapping
 * one opens it full size in a dialog with a Close button (Escape and a tap outside close it too, as
 * the repayment screens' image viewer does). Only safe URLs are shown (safe-image-url.ts).
 */
import { useId, useState } from 'react';
import { DialogActions } from '../ui/AlertDialog.tsx';
import { Modal } from '../ui/Modal.tsx';
import { isSafeImageUrl } from './safe-image-url.ts';
import styles from './upload.module.css';
import { t } from '../i18n/texts.ts';

export function ImageGrid({ images, label, onRemove }: { images: string[]; label: string; onRemove?: (index: number) => void }) {
  const [open, setOpen] = useState<number | null>(null);
  const titleId = useId();
  const shown = images.filter(isSafeImageUrl);
  if (shown.length === 0) return null;
  const current = open === null ? undefined : shown[open];
  return (
    <>
      <ul className={styles.imageGrid} aria-label={label}>
        {shown.map((url, index) => (
          <li key={url} className={styles.imageCell}>
            <button type="button" className={styles.thumbButton} onClick={() => setOpen(index)} aria-label={t('{label}: image {n} of {total}, open full size', { label: t(label), n: index + 1, total: shown.length })}>
              <img className={styles.thumb} src={url} alt="" aria-hidden="true" loading="lazy" />
            </button>
            {onRemove && (
              <button type="button" className={styles.removeButton} onClick={() => onRemove(index)} aria-label={t('Remove image {n}', { n: index + 1 })}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      <Modal open={current !== undefined} labelledBy={titleId} onClose={() => setOpen(null)}>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('Image {n} of {total}', { n: (open ?? 0) + 1, total: shown.length })}
        </h2>
        {current && <img className={styles.fullImage} src={current} alt={t('{label}: image {n}', { label: t(label), n: (open ?? 0) + 1 })} />}
        <DialogActions actions={[{ text: 'Close', onClick: () => setOpen(null) }]} />
      </Modal>
    </>
  );
}

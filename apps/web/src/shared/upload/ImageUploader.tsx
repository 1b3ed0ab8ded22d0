/**
 * The image picker with its upload rules (spec section 5; moved from the complaints feature so that
 * "My data" offers it too): images are uploaded one at a time as they are picked, and the picker
 * hides once `max` are attached (a complaint's 9, a correction's one document photo). Each upload ends
 * visibly: 'Upload succeeded!', or the reason and a Retry. A photo over the size limit is redrawn
 * smaller on the phone first (image-prep.ts).
 */
import { useId, useState } from 'react';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGE_TYPES, COMPLAINT_MAX_IMAGES } from '@cashloan/contract/routes/values';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { ApiCallError } from '../http/client.ts';
import { showFailure, showSuccess } from '../ui/toast.ts';
import { uploadImage } from './upload-image.ts';
import { ImageTooLargeError, prepareForUpload } from './image-prep.ts';
import { ImageGrid } from './ImageGrid.tsx';
import styles from './upload.module.css';
import { t } from '../i18n/texts.ts';

export const UPLOAD_SUCCESS_MESSAGE = 'Upload succeeded!';
const MAX_MB = COMPLAINT_IMAGE_MAX_BYTES / 1024 / 1024;

type Upload = { status: 'idle' } | { status: 'uploading'; file: File } | { status: 'failed'; file: File; message: string };

export function ImageUploader({
  images,
  onAdd,
  onRemove,
  onBusyChange,
  max = COMPLAINT_MAX_IMAGES,
  hint = t('Optional: up to {max} images (JPEG, PNG, WebP or GIF, up to {mb} MB each), one at a time. {added}/{max} added.', { max, mb: MAX_MB, added: images.length }),
  pickLabel = 'Add image',
  gridLabel = 'Attached images',
}: {
  images: string[];
  onAdd: (url: string) => void;
  onRemove: (index: number) => void;
  onBusyChange: (busy: boolean) => void;
  /** How many images may be attached; the picker hides at this many. */
  max?: number;
  /** What may be picked, read with the picker; by default a complaint's rule and count. */
  hint?: string;
  /** The picker's name. */
  pickLabel?: string;
  /** The name of the attached images' list. */
  gridLabel?: string;
}) {
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  const hintId = useId();

  const send = async (file: File) => {
    setUpload({ status: 'uploading', file });
    onBusyChange(true);
    try {
      const { image, name } = await prepareForUpload(file);
      const url = await uploadImage(image, name);
      onAdd(url);
      setUpload({ status: 'idle' });
      showSuccess(UPLOAD_SUCCESS_MESSAGE);
    } catch (error) {
      // The shared client has toasted a server or network failure; a local refusal is toasted here.
      if (error instanceof ImageTooLargeError) showFailure(error.message);
      const message = error instanceof ApiCallError || error instanceof ImageTooLargeError ? error.message : 'The image could not be read.';
      setUpload({ status: 'failed', file, message });
    } finally {
      onBusyChange(false);
    }
  };

  const full = images.length >= max;
  return (
    <div>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <ImageGrid images={images} label={gridLabel} onRemove={upload.status === 'uploading' ? undefined : onRemove} />
      {upload.status === 'uploading' && (
        <div className={styles.uploading} role="status">
          <Spinner size={20} />
          <span>Uploading image…</span>
        </div>
      )}
      {upload.status === 'failed' && (
        <div className={styles.inlineAlert} role="alert">
          <p>{t('Image not added: {reason}', { reason: upload.message })}</p>
          <div className={styles.inlineActions}>
            <Button size="small" color="primary" fill="outline" className={styles.actionButton} onClick={() => void send(upload.file)}>
              Retry upload
            </Button>
            <Button size="small" className={styles.actionButton} onClick={() => setUpload({ status: 'idle' })}>
              Dismiss
            </Button>
          </div>
        </div>
      )}
      {!full && upload.status !== 'uploading' && (
        <label className={styles.picker}>
          <input
            className={styles.visuallyHidden}
            type="file"
            accept={COMPLAINT_IMAGE_TYPES.join(',')}
            aria-describedby={hintId}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Reset, so picking the same file again after removing it still fires a change.
              event.target.value = '';
              if (file) void send(file);
            }}
          />
          <svg className={styles.pickerPlus} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
          <span>{pickLabel}</span>
        </label>
      )}
    </div>
  );
}

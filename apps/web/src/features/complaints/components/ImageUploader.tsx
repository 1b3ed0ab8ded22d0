/**
 * Complaint images, uploaded one at a time as they are picked (spec section 5): the picker hides at
 * 9 images. Each upload ends visibly: 'Upload succeeded!', or the reason and a Retry.
 */
import { useState } from 'react';
import { Button } from '../../../shared/ui/Button.tsx';
import { Spinner } from '../../../shared/ui/Spinner.tsx';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGE_TYPES, COMPLAINT_MAX_IMAGES } from '@cashloan/contract/routes/values';
import { ApiCallError } from '../../../shared/http/client.ts';
import { showFailure, showSuccess } from '../../../shared/ui/toast.ts';
import { uploadComplaintImage } from '../api.ts';
import { ImageTooLargeError, prepareForUpload } from '../image-prep.ts';
import { ImageGrid } from './ImageGrid.tsx';
import styles from '../complaints.module.css';

export const UPLOAD_SUCCESS_MESSAGE = 'Upload succeeded!';

type Upload = { status: 'idle' } | { status: 'uploading'; file: File } | { status: 'failed'; file: File; message: string };

export function ImageUploader({
  images,
  onAdd,
  onRemove,
  onBusyChange,
}: {
  images: string[];
  onAdd: (url: string) => void;
  onRemove: (index: number) => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });

  const send = async (file: File) => {
    setUpload({ status: 'uploading', file });
    onBusyChange(true);
    try {
      const { image, name } = await prepareForUpload(file);
      const url = await uploadComplaintImage(image, name);
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

  const full = images.length >= COMPLAINT_MAX_IMAGES;
  return (
    <div>
      <p id="complaint-images-hint" className={styles.hint}>
        Optional: up to {COMPLAINT_MAX_IMAGES} images (JPEG, PNG, WebP or GIF, up to {COMPLAINT_IMAGE_MAX_BYTES / 1024 / 1024} MB each), one at a time. {images.length}/
        {COMPLAINT_MAX_IMAGES} added.
      </p>
      <ImageGrid images={images} label="Attached images" onRemove={upload.status === 'uploading' ? undefined : onRemove} />
      {upload.status === 'uploading' && (
        <div className={styles.uploading} role="status">
          <Spinner size={20} />
          <span>Uploading image…</span>
        </div>
      )}
      {upload.status === 'failed' && (
        <div className={styles.inlineAlert} role="alert">
          <p>Image not added: {upload.message}</p>
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
            aria-describedby="complaint-images-hint"
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
          <span>Add image</span>
        </label>
      )}
    </div>
  );
}

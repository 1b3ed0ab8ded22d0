/**
 * The correction's optional document photo: one image, through the shared picker and its upload
 * rules (shared/upload, the complaints' own). Its code (with the upload rules and the image viewer)
 * loads once the page runs, not with the first screen: the photo is optional and below the fold, and
 * /myData's first load keeps within its budget. Nothing of it renders on the server nor while the
 * browser hydrates, so both render the same.
 */
import { Suspense, lazy } from 'react';
import { useHydrated } from '../../../shared/ui/use-hydrated.ts';
import styles from '../my-data.module.css';

const ImageUploader = lazy(() => import('../../../shared/upload/ImageUploader.tsx').then((m) => ({ default: m.ImageUploader })));

export const PHOTO_LABEL = 'Document photo (optional)';
export const PHOTO_PICK = 'Add photo';
export const PHOTO_HINT = 'One photo of a document that shows the correct value, such as your ID: JPEG, PNG, WebP or GIF, up to 5 MB.';

/** `photo` holds the uploaded photo's URL, or nothing. */
export function DocumentPhoto({ photo, onChange, onBusyChange }: { photo: string[]; onChange: (photo: string[]) => void; onBusyChange: (busy: boolean) => void }) {
  const canPick = useHydrated();
  return (
    <fieldset className={styles.photo}>
      <legend>{PHOTO_LABEL}</legend>
      {canPick && (
        <Suspense fallback={<p className={styles.photoLoading}>Loading the photo picker…</p>}>
          <ImageUploader
            max={1}
            images={photo}
            onAdd={(url) => onChange([url])}
            onRemove={() => onChange([])}
            onBusyChange={onBusyChange}
            hint={PHOTO_HINT}
            pickLabel={PHOTO_PICK}
            gridLabel="Document photo"
          />
        </Suspense>
      )}
    </fieldset>
  );
}

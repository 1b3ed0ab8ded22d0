/** A camera input: the phone opens its back camera; the chosen photo's name and a preview show below. */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import styles from '../TestPreviewPage.module.css';

interface Photo {
  name: string;
  sizeKb: number;
  url: string | null;
}

export function CameraInput() {
  const id = useId();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const urlRef = useRef<string | null>(null);
  // Object URLs hold the image in memory until revoked.
  const releaseUrl = () => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  };
  useEffect(() => releaseUrl, []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    releaseUrl();
    const file = event.target.files?.[0];
    if (!file) {
      setPhoto(null);
      return;
    }
    const url = file.type.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    urlRef.current = url;
    setPhoto({ name: file.name, sizeKb: Math.max(1, Math.round(file.size / 1024)), url });
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Take a photo
      </label>
      <input id={id} className={styles.fileInput} type="file" accept="image/*" capture="environment" onChange={onChange} />
      {photo && (
        <div className={styles.photo} role="status">
          <span>
            Chosen photo: <strong>{photo.name}</strong> ({photo.sizeKb} KB)
          </span>
          {photo.url && <img src={photo.url} alt={`Preview of ${photo.name}`} className={styles.preview} />}
        </div>
      )}
    </div>
  );
}

/**
 * A correction request: what is wrong (the fields a correction may name), the correct value and an
 * optional document photo (one, through the shared image picker and its upload rules; sent as its
 * URL, `image`). The server answers the request with its reference and the date we answer by; a
 * refusal is told as its text, any other failure with a Retry.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { DataRequestView } from '@cashloan/contract/my-data';
import { Button } from '../../../shared/ui/Button.tsx';
import { formatDate } from '../../../shared/format/date.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { sendDataRequest, type DataRequest } from '../api.ts';
import { FIELDS, FIELD_TITLES, type CorrectableField as Field } from '../fields.ts';
import { DocumentPhoto } from './DocumentPhoto.tsx';
import { failureMessage, isRefusal } from '../failure.ts';
import styles from '../my-data.module.css';

const VALUE_MAX_LENGTH = 200;
export const CORRECTION_MESSAGES = { field: 'Choose what is wrong', value: 'Write the correct value' } as const;
export const WAIT_FOR_PHOTO = 'Please wait until the photo has finished uploading.';

export function CorrectionForm({ onSent }: { onSent: (request: DataRequestView) => void }) {
  const [field, setField] = useState<Field | ''>('');
  const [value, setValue] = useState('');
  const [photo, setPhoto] = useState<string[]>([]); // the document photo's URL, at most one
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<{ field?: string; value?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [sent, setSent] = useState('');
  const running = useRef(false);
  const fieldSelect = useRef<HTMLSelectElement>(null);
  const valueInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const send = async () => {
    const found = { field: field === '' ? CORRECTION_MESSAGES.field : undefined, value: value.trim() === '' ? CORRECTION_MESSAGES.value : undefined };
    setErrors(found);
    if (found.field || found.value) {
      (found.field ? fieldSelect : valueInput).current?.focus();
      return;
    }
    if (uploading) {
      setFailure({ message: WAIT_FOR_PHOTO, retry: false });
      return;
    }
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    setSent('');
    try {
      const request: DataRequest = { kind: 'correction', field: field as Field, value: value.trim(), ...(photo[0] ? { image: photo[0] } : {}) };
      const answer = await sendDataRequest(request);
      onSent(answer);
      setField('');
      setValue('');
      setPhoto([]);
      setSent(t('Sent. Your reference is {ref}; we answer by {date}.', { ref: answer.refNo, date: formatDate(answer.answerBy) }));
    } catch (error) {
      setFailure({ message: failureMessage(error), retry: !isRefusal(error) });
    } finally {
      running.current = false;
      setBusy(false);
      // Chrome blurs the button it disabled while the request ran: focus goes back to it.
      if (document.activeElement === null || document.activeElement === document.body) {
        requestAnimationFrame(() => form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus());
      }
    }
  };
  // Once the upload has ended, "wait for the photo" no longer holds.
  const photoBusy = (now: boolean) => {
    setUploading(now);
    if (!now) setFailure((shown) => (shown?.message === WAIT_FOR_PHOTO ? null : shown));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const describedBy = (name: 'field' | 'value') => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <form ref={form} className={styles.card} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.itemTitle}>
        Ask us to correct your data
      </h3>
      <div className={styles.field}>
        <label htmlFor={`${id}-field`}>What is wrong</label>
        <select
          ref={fieldSelect}
          id={`${id}-field`}
          className={styles.input}
          value={field}
          onChange={(event) => setField(event.target.value as Field | '')}
          aria-invalid={errors.field ? true : undefined}
          aria-describedby={describedBy('field')}
        >
          <option value="">Choose…</option>
          {FIELDS.map((name) => (
            <option key={name} value={name}>
              {FIELD_TITLES[name]}
            </option>
          ))}
        </select>
        {errors.field && (
          <p id={`${id}-field-error`} className={styles.error} role="alert">
            {errors.field}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-value`}>The correct value</label>
        <input
          ref={valueInput}
          id={`${id}-value`}
          className={styles.input}
          type="text"
          autoComplete="off"
          maxLength={VALUE_MAX_LENGTH}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={describedBy('value')}
        />
        {errors.value && (
          <p id={`${id}-value-error`} className={styles.error} role="alert">
            {errors.value}
          </p>
        )}
      </div>
      <DocumentPhoto photo={photo} onChange={setPhoto} onBusyChange={photoBusy} />
      {failure && (
        <div className={styles.failure} role="alert">
          <p id={`${id}-failure`}>{failure.message}</p>
          {failure.retry && (
            <Button size="small" color="primary" fill="outline" className={styles.retry} aria-describedby={`${id}-failure`} onClick={() => void send()}>
              Retry
            </Button>
          )}
        </div>
      )}
      <Button type="submit" block color="primary" className={styles.button} loading={busy}>
        Send correction
      </Button>
      <p className={styles.status} role="status">
        {sent}
      </p>
    </form>
  );
}

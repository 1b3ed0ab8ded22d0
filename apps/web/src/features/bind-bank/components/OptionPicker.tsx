/**
 * A single-column, single-choice picker in a bottom sheet: the options as radio buttons, 'Cancel'
 * leaves the value as it was and 'Confirm' takes the marked option. Escape and a tap outside cancel.
 * Focus moves to the marked option on open, stays inside the sheet, and returns to the field on close.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { BankFormOption } from '@cashloan/contract/bind-card';
import styles from '../bind-bank.module.css';

export interface PickerRequest {
  title: string;
  options: BankFormOption[];
  value: string;
  onConfirm: (type: string) => void;
}

export function OptionPicker({ request, onClose }: { request: PickerRequest | null; onClose: () => void }) {
  if (!request) return null;
  return createPortal(<PickerSheet request={request} onClose={onClose} />, document.body);
}

function PickerSheet({ request, onClose }: { request: PickerRequest; onClose: () => void }) {
  const titleId = useId();
  const name = useId();
  const [marked, setMarked] = useState(request.value);
  const sheet = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const list = sheet.current;
    (list?.querySelector<HTMLInputElement>('input:checked') ?? list?.querySelector<HTMLInputElement>('input'))?.focus();
    // The page behind does not scroll while the sheet is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !sheet.current) return;
    // Tab cycles within the sheet (a modal): Cancel, Confirm, the marked option.
    const buttons = [...sheet.current.querySelectorAll<HTMLElement>('button:not(:disabled)')];
    const radios = [...sheet.current.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    // A radio group is one tab stop: the marked option, or the first.
    const radio = radios.find((r) => r.checked) ?? radios[0];
    const focusable = radio ? [...buttons, radio] : buttons;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <div ref={sheet} className={styles.sheet} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown} onClick={(event) => event.stopPropagation()}>
        <div className={styles.sheetHeader}>
          <button type="button" className={styles.sheetButton} onClick={onClose}>
            Cancel
          </button>
          <h2 id={titleId} className={styles.sheetTitle}>
            {request.title}
          </h2>
          <button
            type="button"
            className={`${styles.sheetButton} ${styles.confirm}`}
            disabled={marked === ''}
            onClick={() => {
              request.onConfirm(marked);
              onClose();
            }}
          >
            Confirm
          </button>
        </div>
        <div role="radiogroup" aria-labelledby={titleId} className={styles.options}>
          {request.options.map((option) => (
            <label key={option.type} className={styles.option}>
              <input type="radio" name={name} value={option.type} checked={marked === option.type} onChange={() => setMarked(option.type)} />
              <span>{option.name}</span>
            </label>
          ))}
        </div>
      </div>
    </div>
  );
}

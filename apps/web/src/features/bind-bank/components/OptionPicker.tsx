/**
 * A single-column, single-choice picker in a bottom sheet: the options as radio buttons, 'Cancel'
 * leaves the value as it was and 'Confirm' takes the marked option. Escape and a tap outside cancel.
 * Focus moves to the marked option on open, stays inside the sheet, and returns to the field on close
 * (shared/ui/Modal).
 */
import { useId, useRef, useState } from 'react';
import type { BankFormOption } from '@cashloan/contract/bind-bank';
import { Modal } from '../../../shared/ui/Modal.tsx';
import styles from '../bind-bank.module.css';

export interface PickerRequest {
  title: string;
  options: BankFormOption[];
  value: string;
  onConfirm: (type: string) => void;
}

export function OptionPicker({ request, onClose }: { request: PickerRequest | null; onClose: () => void }) {
  return request ? <PickerSheet request={request} onClose={onClose} /> : null;
}

function PickerSheet({ request, onClose }: { request: PickerRequest; onClose: () => void }) {
  const titleId = useId();
  const name = useId();
  const [marked, setMarked] = useState(request.value);
  const options = useRef<HTMLDivElement>(null);
  // The marked option takes focus, so the arrow keys move the mark at once.
  const markedOption = () => options.current?.querySelector<HTMLInputElement>('input:checked') ?? options.current?.querySelector<HTMLInputElement>('input');

  return (
    <Modal open labelledBy={titleId} variant="sheet" onClose={onClose} initialFocus={markedOption} flush>
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
      <div ref={options} role="radiogroup" aria-labelledby={titleId} className={styles.options}>
        {request.options.map((option) => (
          <label key={option.type} className={styles.option}>
            <input type="radio" name={name} value={option.type} checked={marked === option.type} onChange={() => setMarked(option.type)} />
            <span>{option.name}</span>
          </label>
        ))}
      </div>
    </Modal>
  );
}

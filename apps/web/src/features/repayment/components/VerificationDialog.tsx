/**
 * The verification step of a card repayment (spec section 4): the code sent by SMS (at least 6
 * characters), a resend that waits out a 60 s countdown, and Confirm. Both buttons are disabled
 * while their call runs, so a double tap sends nothing twice.
 */
import { useId, useState } from 'react';
import { Button } from '../../../shared/ui/Button.tsx';
import { VERIFY_CODE_MIN_LENGTH } from '@cashloan/contract/routes/values';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { showInfo } from '../../../shared/ui/toast.ts';
import { useOnceAtATime } from '../use-once-at-a-time.ts';
import styles from '../repayment.module.css';

export const VERIFY_TITLE = 'Enter the verification code';
export const CODE_TOO_SHORT = 'Please enter a correct verification code';

export function VerificationDialog({
  open,
  resendIn,
  onConfirm,
  onResend,
  onCancel,
}: {
  open: boolean;
  /** Seconds until a new code may be asked for (0: now). */
  resendIn: number;
  /** Resolves when the call has ended (whatever its outcome). */
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();

  // One call at a time across both buttons: a resend never races a confirm.
  const { run, pending } = useOnceAtATime(async (action: 'confirm' | 'resend') => {
    if (action === 'resend') {
      if (resendIn === 0) await onResend();
      return;
    }
    if (code.trim().length < VERIFY_CODE_MIN_LENGTH) {
      showInfo(CODE_TOO_SHORT);
      return;
    }
    await onConfirm(code.trim());
  });
  const [last, setLast] = useState<'confirm' | 'resend'>('confirm');
  const start = (action: 'confirm' | 'resend') => {
    setLast(action);
    void run(action);
  };
  const busy = pending ? last : null;

  return (
    // No onClose: only Cancel ends the verification, never a stray tap outside.
    <Modal open={open} labelledBy={titleId} describedBy={textId}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {VERIFY_TITLE}
      </h2>
      <p id={textId} className={styles.dialogText}>
        We sent a verification code by SMS to your mobile number. It confirms this card payment.
      </p>
      {/* noValidate: the spec's own prompt for a short code, not the browser's bubble. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start('confirm');
        }}
      >
        <label className={styles.field} htmlFor={inputId}>
          Verification code
          <input
            id={inputId}
            className={styles.input}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, ''))}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
          />
        </label>
        <div className={styles.dialogActions}>
          <Button fill="outline" color="primary" disabled={resendIn > 0 || busy !== null} loading={busy === 'resend'} onClick={() => start('resend')}>
            {resendIn > 0 ? `Resend (${resendIn}s)` : 'Resend'}
          </Button>
          <Button type="submit" color="primary" disabled={busy !== null} loading={busy === 'confirm'}>
            Confirm
          </Button>
        </div>
      </form>
      <button type="button" className={styles.textButton} onClick={onCancel} disabled={busy === 'confirm'}>
        Cancel
      </button>
    </Modal>
  );
}

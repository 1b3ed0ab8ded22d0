/**
 * A modal over the page: a bottom sheet (the Payment Method list) or a centred dialog (verification,
 * a full-size image). Focus moves into it on open and back on close; Escape and a tap outside close
 * it only when `onClose` is given.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from '../repayment.module.css';

export function Modal({
  open,
  labelledBy,
  describedBy,
  variant = 'dialog',
  onClose,
  children,
}: {
  open: boolean;
  labelledBy: string;
  describedBy?: string;
  variant?: 'sheet' | 'dialog';
  onClose?: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose?.();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div
      className={variant === 'sheet' ? styles.backdrop : styles.backdropCentre}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={panel}
        className={variant === 'sheet' ? styles.sheet : styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}

/**
 * A modal dialog that only its own buttons close: tapping outside does nothing (the rating dialog
 * must not be dismissed that way). Focus moves into it on open and back where it was on close.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from '../complaints.module.css';

export function Dialog({ open, labelledBy, describedBy, children }: { open: boolean; labelledBy: string; describedBy?: string; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => before?.focus();
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={panel} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy} tabIndex={-1}>
        {children}
      </div>
    </div>,
    document.body,
  );
}

/**
 * The title + text + buttons dialog most popups are (what the UI kit's Dialog gave the pages), and its
 * button row for other dialogs. Apart from Modal.tsx so a route with only a sheet does not load it.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import styles from './AlertDialog.module.css';

export interface DialogAction {
  text: string;
  /** A promise keeps the buttons unresponsive (aria-disabled, so focus stays put) until it settles. */
  onClick: () => void | Promise<unknown>;
  /** The main way on: filled. Put it last, as the pages always have. */
  primary?: boolean;
}

/** A row of one to three buttons; they wrap under each other when the text is large. */
export function DialogActions({ actions }: { actions: DialogAction[] }) {
  const [pending, setPending] = useState<number | null>(null);
  // A ref, not the state: a double tap lands twice before the state has re-rendered.
  const busy = useRef(false);
  const run = async (index: number, action: DialogAction) => {
    if (busy.current) return;
    const result = action.onClick();
    if (!(result instanceof Promise)) return;
    busy.current = true;
    setPending(index);
    try {
      await result;
    } finally {
      busy.current = false;
      setPending(null);
    }
  };
  return (
    <div className={styles.actions}>
      {actions.map((action, index) => (
        <button
          key={action.text}
          type="button"
          className={action.primary ? styles.primary : styles.secondary}
          aria-disabled={pending !== null || undefined}
          aria-busy={pending === index || undefined}
          onClick={() => void run(index, action).catch(() => undefined)}
        >
          {action.text}
        </button>
      ))}
    </div>
  );
}

/** The text is the dialog's description, so a screen reader reads it with the title on open. */
export function AlertDialog({
  open,
  title,
  text,
  children,
  actions,
  onClose,
}: {
  open: boolean;
  title: string;
  /** Shown as text, never as markup; line breaks are kept. */
  text?: ReactNode;
  children?: ReactNode;
  actions: DialogAction[];
  onClose?: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal open={open} labelledBy={titleId} describedBy={text ? textId : undefined} onClose={onClose}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {text ? (
        <div id={textId} className={styles.text}>
          {text}
        </div>
      ) : null}
      {children}
      <DialogActions actions={actions} />
    </Modal>
  );
}

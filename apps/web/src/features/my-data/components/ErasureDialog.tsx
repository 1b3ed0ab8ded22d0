/**
 * The erasure's confirmation: a real dialog (shared/ui/Modal: focus inside, Tab kept in, Escape and
 * Cancel close it, focus back on "Ask to erase my data"). Loaded on the first tap that opens it.
 */
import { AlertDialog } from '../../../shared/ui/AlertDialog.tsx';

export const ERASE_DIALOG_TITLE = 'Erase your data?';
export const ERASE_CONFIRM = 'Yes, ask to erase';

export default function ErasureDialog({ text, busy, onCancel, onConfirm }: { text: string; busy: boolean; onCancel: () => void; onConfirm: () => Promise<void> }) {
  return (
    <AlertDialog
      open
      title={ERASE_DIALOG_TITLE}
      text={text}
      onClose={busy ? undefined : onCancel}
      actions={[
        { text: 'Cancel', onClick: onCancel },
        { text: ERASE_CONFIRM, primary: true, onClick: onConfirm },
      ]}
    />
  );
}

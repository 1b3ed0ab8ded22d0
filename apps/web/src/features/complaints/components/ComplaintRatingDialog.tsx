/**
 * The rating dialog of the complaint details (spec section 4): Cancel closes it, Send posts the score
 * and on '00' closes it and thanks the borrower. The stars and their rules are StarRatingDialog's.
 */
import { StarRatingDialog } from '../../../shared/ui/StarRatingDialog.tsx';
import { showSuccess } from '../../../shared/ui/toast.ts';

export const RATING_THANKS_MESSAGE = 'Successful demonstration！';
export const RATING_TITLE = 'How did we handle your complaint?';

export function ComplaintRatingDialog({ open, onClose, send }: { open: boolean; onClose: (rated: boolean) => void; send: (score: number) => Promise<void> }) {
  return (
    <StarRatingDialog
      open={open}
      title={RATING_TITLE}
      starsLabel="Rating"
      cancelText="Cancel"
      submitText="Send"
      showCount
      onCancel={() => onClose(false)}
      onSubmit={async (score) => {
        await send(score);
        onClose(true);
        showSuccess(RATING_THANKS_MESSAGE);
      }}
    />
  );
}

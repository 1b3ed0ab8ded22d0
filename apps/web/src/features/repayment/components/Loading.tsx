import { Spinner } from '../../../shared/ui/Spinner.tsx';
import frame from '../../../shared/ui/page-frame.module.css';

/** The loading state of a repayment screen, announced to screen readers. */
export function Loading({ text }: { text: string }) {
  return (
    <div className={frame.loading} role="status" aria-live="polite">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}

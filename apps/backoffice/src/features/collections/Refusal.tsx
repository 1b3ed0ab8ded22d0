/** The contact guard's refusal, said at once (role="alert"): its reason in the server's words and, when waiting helps, the next allowed time on the market's clock. */
import { Alert } from 'antd';
import type { Market } from '@cashloan/contract/common';
import type { ContactDecision } from './api.ts';
import { formatMarketTime } from './format.ts';

export function Refusal({ decision, market }: { decision: Pick<ContactDecision, 'message' | 'nextAllowedAt'>; market: Market }) {
  return (
    <Alert
      type="error"
      role="alert"
      showIcon
      title={decision.message}
      description={decision.nextAllowedAt ? `Next allowed: ${formatMarketTime(decision.nextAllowedAt, market)}` : undefined}
    />
  );
}

/** A write the server refused (an HTTP error, not the guard's answer): its message as text, beside the action. */
export { WriteFailure } from '../../shared/ui/WriteFailure.tsx';

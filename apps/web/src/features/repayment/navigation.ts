/**
 * Links of the repayment screens: main-app paths with the carried page parameters. The URLs the
 * server answers open through shared/navigation/open-payment-url.ts (shared with cancel-loan).
 */
import { withCarriedParams } from '../../shared/params/page-params.ts';

/** A main-app path with the carried parameters (for links). */
export function appHref(path: string, extra: Record<string, string | undefined> = {}): string {
  return withCarriedParams(path, extra);
}

/** What each order status (the contract's codes, spec section 4) means; transitions are in docs/statuses.md. */
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '@cashloan/contract/routes';

export { ORDER_STATUS, ORDER_STATUSES, type OrderStatus };

export const STATUS_MEANING: Record<OrderStatus, string> = {
  21: 'in review',
  110: 'approved, disbursing',
  151: 'rejected',
  170: 'repaying, not yet due',
  174: 'due today or within 3 days',
  180: 'overdue',
  200: 'settled',
};

/** The statuses of a disbursed, unsettled loan: the clock decides which of them is shown. */
export const REPAYING_STATUSES: readonly OrderStatus[] = [ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

/**
 * The stored statuses an order showing `shown` may have: a repaying order shows 170, 174 or 180 by
 * the clock, and 200 once nothing is left open; every other status is shown as stored.
 */
export function storedStatusesShowing(shown: OrderStatus): readonly OrderStatus[] {
  if (isRepaying(shown)) return REPAYING_STATUSES;
  if (shown === ORDER_STATUS.settled) return [ORDER_STATUS.settled, ...REPAYING_STATUSES];
  return [shown];
}

export function isOrderStatus(value: number): value is OrderStatus {
  return (ORDER_STATUSES as readonly number[]).includes(value);
}

export function isRepaying(status: number): boolean {
  return (REPAYING_STATUSES as readonly number[]).includes(status);
}

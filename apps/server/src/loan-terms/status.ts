/** Order status codes (spec section 4) and what each means; transitions are in docs/statuses.md. */

export const ORDER_STATUS = {
  inReview: 21,
  disbursing: 110,
  rejected: 151,
  repaying: 170,
  due: 174,
  overdue: 180,
  settled: 200,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as readonly OrderStatus[];

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

export function isOrderStatus(value: number): value is OrderStatus {
  return (ORDER_STATUSES as readonly number[]).includes(value);
}

export function isRepaying(status: number): boolean {
  return (REPAYING_STATUSES as readonly number[]).includes(status);
}

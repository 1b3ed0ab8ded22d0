/** The internal channels card and hosted-checkout money is booked on (migration 005): no borrower picks them from a list. */
export const CARD_CHANNEL = 'CARD';
export const CHECKOUT_CHANNEL = 'CHECKOUT';

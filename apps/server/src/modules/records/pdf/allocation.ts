/** The allocation of a payment as rows (receipt and statement). */
import type { PaymentAllocation } from '@cashloan/contract';
import type { MoneyText } from '../../../loan-terms/money-text.ts';
import type { Writer } from './layout.ts';

export function allocationRows(w: Writer, a: PaymentAllocation, money: MoneyText): void {
  w.row('Late charges and fees', money(a.lateCharges));
  w.row('Interest', money(a.interest));
  w.row('Service fee', money(a.serviceFee));
  w.row('Principal', money(a.principal));
  if (a.unapplied > 0) w.row('Held as credit (beyond what was owed)', money(a.unapplied));
}

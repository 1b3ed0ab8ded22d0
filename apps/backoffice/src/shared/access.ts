/** Whether the signed-in roles may make a call: the contract's route says who may. */
import type { StaffCall, StaffRole } from '@cashloan/contract/staff/common';

export function mayCall(call: Pick<StaffCall, 'route'>, roles: readonly StaffRole[]): boolean {
  const { access } = call.route;
  if (access === 'public' || access === 'session') return true;
  return access.roles.some((role) => roles.includes(role));
}

import { describe, expect, it } from 'vitest';
import { menuFor, menuKeyOf } from './menu.tsx';

const labels = (roles: Parameters<typeof menuFor>[0]) => menuFor(roles).map((e) => e.label);

describe('menu', () => {
  it('shows each role only the screens its calls allow', () => {
    expect(labels(['agent'])).toEqual(['Dashboard', 'Complaints', 'Orders', 'Borrowers']);
    expect(labels(['finance'])).toEqual(['Dashboard', 'Orders', 'Postings to approve', 'Payouts', 'Payment exceptions', 'Books', 'Reconciliation', 'Borrowers']);
    expect(labels(['admin'])).toEqual(['Dashboard', 'Collection templates', 'Data requests', 'Breach register', 'Staff accounts', 'Audit log', 'Settings']);
    expect(labels(['agent', 'admin'])).toHaveLength(10);
    expect(labels(['collector'])).toEqual(['Dashboard', 'Collections', 'Collection templates']);
    expect(labels(['dpo'])).toEqual(['Dashboard', 'Data requests', 'Breach register']);
    expect(labels(['collections_lead'])).toEqual(['Dashboard', 'Collections', 'Collection templates']);
  });

  it('lights the list entry on its detail screens', () => {
    expect(menuKeyOf('/orders/12')).toEqual(['/orders']);
    expect(menuKeyOf('/reconciliation/reports/3')).toEqual(['/reconciliation']);
    expect(menuKeyOf('/collections/orders/7')).toEqual(['/collections']);
    expect(menuKeyOf('/privacy/requests/4')).toEqual(['/privacy']);
    expect(menuKeyOf('/breaches/2')).toEqual(['/breaches']);
    expect(menuKeyOf('/collection-templates')).toEqual(['/collection-templates']);
    expect(menuKeyOf('/')).toEqual(['/']);
    expect(menuKeyOf('/account/password')).toEqual([]);
  });
});

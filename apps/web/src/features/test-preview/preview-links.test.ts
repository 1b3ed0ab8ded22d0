import { describe, expect, it } from 'vitest';
import { PREVIEW_LINK_GROUPS, previewHref } from './preview-links.ts';

const all = PREVIEW_LINK_GROUPS.flatMap((g) => g.links);

describe('preview links', () => {
  it('cover every screen of the spec once, with distinct names', () => {
    const targets = all.map((l) => (l.hashRoute ? `${l.path}#${l.hashRoute}` : l.path));
    expect(new Set(targets).size).toBe(targets.length);
    expect(new Set(all.map((l) => l.label)).size).toBe(all.length);
    for (const path of ['/smpSystem', '/manyVoting', '/allIt', '/allowedAlso', '/byAs', '/votingCandidates', '/candidateWhile',
      '/pluralityCounting', '/numberWill', '/complainPage', '/complaintList', '/beSeats', '/maySimilar',
      '/dragonpayPaymentInstructions', '/repaymentOfCode', '/repaymentOfCode2', '/anFrom', '/wherePlurality', '/', '/toIs',
      '/pay.html#/borrowDetail', '/pay.html#/addnormalcard', '/pay.html#/alipayrepayment',
      '/promo.html#/downloadTemplate', '/promo.html#/agreementTemplate']) {
      expect(targets).toContain(path);
    }
  });

  it('carry the filled parameters and leave blank ones out', () => {
    const href = previewHref({ label: 'Loan detail', path: '/allIt' }, { orderId: '42', productId: ' 7 ', sessionId: '', real: '1' });
    expect(href).toBe('/allIt?productId=7&orderId=42&real=1');
  });

  it('put the query after the hash route of the #/ apps', () => {
    expect(previewHref({ label: 'Borrow detail', path: '/pay.html', hashRoute: '/borrowDetail' }, { orderId: 'A&B' })).toBe(
      '/pay.html#/borrowDetail?orderId=A%26B',
    );
    expect(previewHref({ label: 'Official site', path: '/' }, {})).toBe('/');
  });
});

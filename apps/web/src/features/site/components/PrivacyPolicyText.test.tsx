/** The privacy policy's text: the spec's sections in its order, and ours (issue 39) naming each data right and the "My data" screen. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { PRIVACY_HEADINGS, PrivacyPolicyText, RIGHTS_HEADING, type PrivacyPolicyConfig } from './PrivacyPolicyText.tsx';

const CONFIG: PrivacyPolicyConfig = {
  appEnName: 'PesoNow',
  company: {
    name: 'PesoNow',
    corporateName: 'Kwarta Lending Corporation',
    secRegistrationNo: 'CS202011111',
    certificateOfAuthorityNo: '4021',
    address: '5F Sample Building, 45 Paseo de Roxas, Makati City 1229',
    email: 'office@kwarta.test',
    telephone: '+63 2 7000 1111',
  },
  grievanceOfficer: { name: 'Jose Bautista', email: 'grievance@kwarta.test', telephone: '+63 2 7000 1199' },
  privacy: { minorsAge: 18, requestAnswerDays: 30 },
};

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const rights = () => screen.getByRole('region', { name: RIGHTS_HEADING });

describe('privacy policy text', () => {
  it("keeps the spec's sections in its order, with ours on the data rights after Opt-out", () => {
    render(<PrivacyPolicyText config={CONFIG} />);
    const spec = Object.values(PRIVACY_HEADINGS);
    const expected = [...spec.slice(0, spec.indexOf('Opt-out') + 1), RIGHTS_HEADING, 'Grievance Officer'];
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Contents', ...expected]);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(within(contents).getByRole('link', { name: RIGHTS_HEADING }).getAttribute('href')).toBe('#privacy-rights');
  });

  it('names each right, what the law makes us keep and under which law, the purposes, and the regulators', () => {
    render(<PrivacyPolicyText config={CONFIG} />);
    const list = within(rights()).getByRole('list', { name: 'Your rights' });
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'to be informed',
      'to access',
      'to correct',
      'to erase',
      'to object to a use and to withdraw your consent',
      'to data portability',
      'to complain to the regulator',
    ]);
    const text = rights().textContent!.replace(/\s+/g, ' ');
    for (const words of [
      'Data Privacy Act of 2012 (Republic Act No. 10173)',
      'Digital Personal Data Protection Act, 2023',
      'download all of it, as a PDF to read or as a JSON file',
      'for 5 years after your account closes',
      'Section 9(b) of the Anti-Money Laundering Act (Republic Act No. 9160, as amended)',
      'Section 12 of the Prevention of Money-laundering Act, 2002 and the Prevention of Money-laundering (Maintenance of Records) Rules, 2005',
      'loan servicing, payment reminders by SMS, marketing offers and news, and sharing with a credit bureau',
      'Loan servicing is the one exception while you have a loan open',
      'the National Privacy Commission',
      'the Data Protection Board of India',
      'at most 30 days after you send it',
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it('links to the My data screen with the page parameters, out of the official site’s frame', () => {
    window.history.replaceState(null, '', '/maySimilar?userId=U1&deviceId=d-1&orderId=7');
    render(<PrivacyPolicyText config={CONFIG} />);
    const link = within(rights()).getByRole('link', { name: 'My data' }) as HTMLAnchorElement;
    const url = new URL(link.href);
    expect(url.pathname).toBe('/myData');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ userId: 'U1', deviceId: 'd-1', orderId: '7' });
    expect(link.target).toBe('_top');
  });

  it("promises the answer within the server's number of days", () => {
    render(<PrivacyPolicyText config={{ ...CONFIG, privacy: { minorsAge: 18, requestAnswerDays: 21 } }} />);
    expect(rights().textContent).toContain('at most 21 days after you send it');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING_TEMPLATE_ID } from '@cashloan/contract/routes/landing';
import { readLandingParams } from './landing-params.ts';

const open = (hash: string) => window.history.replaceState(null, '', `/promo.html${hash}`);

describe('readLandingParams', () => {
  it('reads the template and the attribution from the hash query', () => {
    open('#/downloadTemplate?templateId=2&user_from=fb&invite_code=AB12&utm_tag=nov');
    expect(readLandingParams()).toMatchObject({ templateId: '2', source: 'fb', userFrom: 'fb', inviteCode: 'AB12', utmTag: 'nov' });
  });

  it('opens the default landing when the link names no template', () => {
    open('#/downloadTemplate');
    expect(readLandingParams().templateId).toBe(DEFAULT_LANDING_TEMPLATE_ID);
  });

  it('treats a malformed templateId as a broken link', () => {
    open('#/downloadTemplate?templateId=abc');
    expect(readLandingParams().templateId).toBeUndefined();
  });
});

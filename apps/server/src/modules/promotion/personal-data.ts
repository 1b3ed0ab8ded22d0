/**
 * The promotion family's part of "My data" (issue 39, docs/privacy.md): the borrower's sign-up through
 * a promotion landing, with where they came from (the attribution), their device and the address
 * they signed up from. A borrower made another way has none. modules/index.ts hands it to the my-data
 * family.
 */
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { erasePromotionData, listRegistrations } from './store.ts';

export const promotionPersonalData: PersonalDataSection = {
  key: 'signUp',
  title: 'Sign-up through a promotion page',
  async collect(db, subject) {
    // One registration per borrower at most (its primary key).
    const registrations = await listRegistrations(db, [subject.id], 1);
    return registrations.map((r) => ({
      signedUpAt: r.createdAt.toISOString(),
      appName: r.appName,
      landingTemplate: r.templateId,
      inviteCode: r.inviteCode,
      userFrom: r.userFrom,
      appFrom: r.appFrom,
      utmTag: r.utmTag,
      deviceId: r.deviceId,
      ipAddress: r.clientIp,
    }));
  },
  async erase(tx, subject) {
    return { rows: await erasePromotionData(tx, subject.id, subject.mobilePhone), imageKeys: [] };
  },
};

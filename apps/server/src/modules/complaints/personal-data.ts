/**
 * The complaints family's part of "My data" (issue 39, docs/privacy.md): every complaint the borrower
 * filed, with its words and photos, the lender's reply and the borrower's rating. modules/index.ts
 * hands it to the my-data family (a module never imports another).
 */
import { redact, type PersonalDataSection } from '../../platform/personal-data.ts';
import { problemTitles } from './problem-types.ts';
import { eraseBorrowerComplaints, listBorrowerComplaints } from './store.ts';

/** Every complaint: the store's list is bounded by its caller, and an export leaves none out. */
const ALL = Number.MAX_SAFE_INTEGER;

export const complaintsPersonalData: PersonalDataSection = {
  key: 'complaints',
  title: 'Complaints',
  async collect(db, subject) {
    const newestFirst = await listBorrowerComplaints(db, subject.id, ALL);
    return newestFirst.reverse().map((c) => {
      const titles = problemTitles(c.problemType, c.problemSonType);
      return {
        ticketNo: c.ticketNo,
        orderNo: c.orderNo,
        type: titles.type,
        subType: titles.sonType,
        detail: c.detail,
        images: c.images,
        createdAt: c.createdAt.toISOString(),
        replyText: c.disposeDetail,
        replyImages: c.disposeImages,
        repliedAt: c.repliedAt?.toISOString() ?? null,
        rating: c.score,
        ratedAt: c.scoredAt?.toISOString() ?? null,
      };
    });
  },
  erase(tx, subject) {
    return eraseBorrowerComplaints(tx, subject.id, (reply) => redact(reply, [subject.name ?? '', subject.mobilePhone]));
  },
};

/**
 * The order-details family's part of "My data" (issue 39, docs/privacy.md): what the borrower did on
 * the order screen that the lender kept — the products they tapped (tracking events) and their app
 * rating. modules/index.ts hands it to the my-data family (a module never imports another).
 */
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { deleteTrackingEvents, EVENT_KIND, listTrackingEvents } from './store.ts';

const KIND_TITLES: Record<string, string> = { [EVENT_KIND.event]: 'tapped a product', [EVENT_KIND.appRating]: 'rated the app' };

export const orderDetailsPersonalData: PersonalDataSection = {
  key: 'appEvents',
  title: 'What you did in the app',
  async collect(db, subject) {
    return (await listTrackingEvents(db, subject.id)).map((e) => ({ what: KIND_TITLES[e.kind] ?? e.kind, details: e.data, at: e.createdAt.toISOString() }));
  },
  async erase(tx, subject) {
    return { rows: await deleteTrackingEvents(tx, subject.id), imageKeys: [] };
  },
};

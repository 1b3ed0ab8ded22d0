/** Event tracking (spec section 7: /service/event/save), e.g. when Borrow Again starts. */
import { z } from 'zod';
import { defineCall, emptyAnswer, idField } from './schema.ts';
import { TRACKING_MODULE, eventSaveRoute } from './routes.ts';

export const trackingModuleField = z.enum([TRACKING_MODULE.borrowAgain, TRACKING_MODULE.failureRecommendations], {
  error: `moduleId must be ${TRACKING_MODULE.borrowAgain} or ${TRACKING_MODULE.failureRecommendations}`,
});

export const eventSave = {
  payload: z.object({
    productId: idField('productId'),
    moduleId: trackingModuleField,
    /** Where on the screen the event happened (the recommendation's index for module 18). */
    positionId: idField('positionId'),
  }),
  answer: emptyAnswer,
};
export type TrackingEvent = z.input<typeof eventSave.payload>;

export const eventSaveCall = defineCall(eventSaveRoute, eventSave, 'Records a tracking event (module 30: Borrow Again).');

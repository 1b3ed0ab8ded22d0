/** The customer-service calls: each route of routes/customer-service.ts with its schemas of customer-service.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { contactKfInfoRoute } from '../routes/customer-service.ts';
import { contactKfInfo } from '../customer-service.ts';

export const contactKfInfoCall = defineCall(contactKfInfoRoute, contactKfInfo, 'The customer-service e-mail and messaging contact.');

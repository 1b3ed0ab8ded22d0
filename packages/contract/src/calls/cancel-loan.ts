/** The cancel-loan calls: each route of routes/cancel-loan.ts with its schemas of cancel-loan.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { cancelPayCodeRoute, coolingOffRoute } from '../routes/cancel-loan.ts';
import { cancelPayCode, coolingOff } from '../cancel-loan.ts';

export const coolingOffCall = defineCall(coolingOffRoute, coolingOff, 'Whether the order can be cancelled in its cooling-off period now, until when, and the exact exit amount.');
export const cancelPayCodeCall = defineCall(cancelPayCodeRoute, cancelPayCode, 'Issues a pay code for the exit amount (purpose cancel) and answers the page to show it.');

/** The customer-service contact details: contact-kf-info with the spec's fixed overall=30. */
import { contactKfInfoRoute } from '@cashloan/contract/routes/customer-service';
import { CONTACT_INFO_OVERALL } from '@cashloan/contract/routes/values';
import { useApi } from '../../shared/http/use-api.ts';
import { firstCall, type FirstCalls } from '../../shared/http/first-answers.ts';

const CONTACT_INFO_PAYLOAD = { overall: CONTACT_INFO_OVERALL } as const;

export const firstCalls = { contact: () => [firstCall(contactKfInfoRoute, CONTACT_INFO_PAYLOAD)] } satisfies Record<string, FirstCalls>;

/** Failures toast the server's message for 2 s (spec section 8) and the page also keeps a Retry. */
export function useContactInfo() {
  return useApi(contactKfInfoRoute, CONTACT_INFO_PAYLOAD);
}

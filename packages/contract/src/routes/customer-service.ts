import { route } from '../common.ts';
import type * as customerService from '../customer-service.ts';

// ---- personal center ----------------------------------------------------------------------------
export const contactKfInfoRoute = route<typeof customerService.contactKfInfo>({
  method: 'POST',
  path: '/v3/personal-center/contact-kf-info',
  codeForm: 'zero',
});

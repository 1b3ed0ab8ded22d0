/**
 * What a campaign link carries in the hash query (promo.html#/downloadTemplate?templateId=2&…):
 * the template, the channel to count the visit under, and the attribution register keeps.
 */
import { DEFAULT_LANDING_TEMPLATE_ID } from '@cashloan/contract/routes/landing';
import { pageParam, type PageParam } from '../../shared/params/page-params.ts';

export interface LandingParams {
  templateId: string | undefined;
  /** The channel visits and clicks are counted under: `source`, else `user_from`. */
  source: string;
  inviteCode: string;
  userFrom: string;
  appFrom: string;
  utmTag: string;
  deviceId: string;
  merchantNumber: string;
}

const param = (name: string) => pageParam(name) ?? '';

/** The link's template: a link without a templateId opens the default landing; a malformed one is a broken link (undefined). */
export function landingTemplateId(read: PageParam = pageParam): string | undefined {
  const templateId = read('templateId');
  return templateId === undefined ? DEFAULT_LANDING_TEMPLATE_ID : /^\d{1,18}$/.test(templateId) ? templateId : undefined;
}

export function readLandingParams(): LandingParams {
  return {
    templateId: landingTemplateId(),
    source: (param('source') || param('user_from')).slice(0, 64),
    inviteCode: param('invite_code'),
    userFrom: param('user_from'),
    appFrom: param('app_from'),
    utmTag: param('utm_tag'),
    deviceId: param('deviceId'),
    merchantNumber: param('merchantNumber'),
  };
}

/** The query of a landing route with one parameter set or removed (undefined), keeping the rest. */
export function landingSearch(search: string, changes: Record<string, string | undefined>): string {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) query.delete(key);
    else query.set(key, value);
  }
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

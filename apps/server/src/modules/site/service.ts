/** The public site configuration: brand, theme, company disclosures and the published loan-terms figures. */
import type { SiteConfig } from '@cashloan/contract';
import type { Config } from '../../config.ts';
import { ADULT_AGE, publishedLoanTerms } from '../../loan-terms/published-terms.ts';
import { DATA_REQUEST_ANSWER_DAYS } from '../../loan-terms/data-rights.ts';

export function siteConfig(config: Config): SiteConfig {
  return {
    appEnName: config.APP_EN_NAME,
    appCnName: config.APP_CN_NAME,
    theme: { primaryColor: config.THEME_PRIMARY_COLOR, backgroundColor: config.THEME_BACKGROUND_COLOR, fontColor: config.THEME_FONT_COLOR },
    servicePhone: config.SERVICE_PHONE,
    serviceEmail: config.SERVICE_EMAIL,
    schemeUrl: config.SCHEME_URL,
    company: {
      name: config.COMPANY_NAME,
      corporateName: config.COMPANY_CORPORATE_NAME,
      secRegistrationNo: config.COMPANY_SEC_REG_NO,
      certificateOfAuthorityNo: config.COMPANY_CA_NO,
      address: config.COMPANY_ADDRESS,
      email: config.COMPANY_EMAIL,
      telephone: config.COMPANY_PHONE,
    },
    grievanceOfficer: { name: config.GRIEVANCE_OFFICER_NAME, email: config.GRIEVANCE_OFFICER_EMAIL, telephone: config.GRIEVANCE_OFFICER_PHONE },
    privacy: { minorsAge: ADULT_AGE, requestAnswerDays: DATA_REQUEST_ANSWER_DAYS },
    loanTerms: publishedLoanTerms(),
  };
}

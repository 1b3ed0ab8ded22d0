/** loan-terms-code.ts for the server build (apps/web/vite.config.ts): the text renders without waiting. */
import { LoanTermsText } from './LoanTermsText.tsx';

export const loanTermsNow: typeof LoanTermsText | undefined = LoanTermsText;

export function loadLoanTerms(): Promise<typeof LoanTermsText> {
  return Promise.resolve(LoanTermsText);
}

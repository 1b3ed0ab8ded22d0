/**
 * The Loan Terms text's code (~4 KiB gzip) in the browser: loaded when its tab is first shown or the
 * browser is idle, not with the site's first load. The server build (`vite build --ssr`) takes
 * loan-terms-code.server.ts instead (apps/web/vite.config.ts), so a URL selecting the tab
 * (?tab=terms) is rendered on the server at once, and the browser hydrates it once the code is in.
 */
import type { LoanTermsText } from './LoanTermsText.tsx';

/** The component when it is already in the bundle (the server build), else undefined. */
export const loanTermsNow: typeof LoanTermsText | undefined = undefined;

let loading: Promise<typeof LoanTermsText> | undefined;
/** Loads the code once; a failed load may be tried again. */
export function loadLoanTerms(): Promise<typeof LoanTermsText> {
  loading ??= import('./LoanTermsText.tsx').then(
    (module) => module.LoanTermsText,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

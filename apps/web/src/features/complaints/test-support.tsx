/** Test helpers of the complaint screens: the shared page harness, with the complaint family's success code. */
import { ok as envelope } from '../../shared/test-support/page-harness.tsx';

export { fakeServer, renderPage, SESSION, type SentRequest } from '../../shared/test-support/page-harness.tsx';

/** The complaint calls answer success as code '00'. */
export const ok = <T,>(data: T) => envelope(data, '00');

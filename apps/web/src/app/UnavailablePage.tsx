/** Shown for a spec route whose screen this build does not include yet (see README's route table). */
import { Button, ErrorBlock } from 'antd-mobile';
import { usePageTitle } from '../shared/ui/use-page-title.ts';

export default function UnavailablePage() {
  usePageTitle('Not available');
  return (
    <main style={{ padding: '48px 16px', textAlign: 'center' }}>
      <ErrorBlock status="empty" title="This screen is not available in this version of the app." description="" />
      <Button onClick={() => history.back()} style={{ minHeight: 44, marginTop: 16 }}>
        Back
      </Button>
    </main>
  );
}

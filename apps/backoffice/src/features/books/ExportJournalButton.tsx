/** Export CSV: the journal of the range, one row per line, saved as the file the server names; a refusal is shown beside it. */
import { Alert, Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useExportJournal } from './api.ts';

export function ExportJournalButton({ from, to }: { from: string; to: string }) {
  const exportJournal = useExportJournal();
  return (
    <Flex vertical gap={8}>
      <Button icon={<DownloadOutlined aria-hidden />} loading={exportJournal.isPending} onClick={() => exportJournal.mutate({ from, to })}>
        Export CSV
      </Button>
      {exportJournal.isError && <Alert type="error" showIcon title="The journal could not be exported" description={exportJournal.error.message} />}
    </Flex>
  );
}

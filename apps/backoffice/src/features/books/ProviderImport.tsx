/**
 * One provider's report brought in: Upload report (a CSV chosen on the staff computer, read as text
 * and sent whole) and, when its adapter can fetch it, Fetch report for a day (yesterday by default).
 * What the server answers is said beside the controls: the report's counts, linked to its items, or
 * the refusal as the server words it (a bad line names its number).
 */
import { Alert, Button, Flex, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { BookProvider, ProviderReport } from '@cashloan/contract/staff/books';
import { Link } from 'react-router';
import { reportPath } from '../../shared/paths.ts';
import { useFetchReport, useImportReport } from './api.ts';
import { FetchReportForm } from './FetchReportForm.tsx';

const counts = (r: ProviderReport) => `${r.lineCount} lines, ${r.matched} matched, ${r.open} open`;

export function ProviderImport({ provider }: { provider: BookProvider }) {
  const importReport = useImportReport();
  const fetchReport = useFetchReport();
  const name = provider.provider;
  const last = [importReport, fetchReport].find((m) => m.isSuccess || m.isError);

  return (
    <Flex vertical gap={8} style={{ minWidth: 360, maxWidth: 520 }}>
      <Flex wrap gap={8} align="center">
        <Upload
          accept=".csv,text/csv"
          showUploadList={false}
          aria-label={`Upload ${name}'s report`}
          beforeUpload={(file) => {
            fetchReport.reset();
            importReport.mutate({ provider: name, file });
            // The file is sent by the call above, as JSON; antd's own upload is not used.
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={importReport.isPending}>
            Upload report
          </Button>
        </Upload>
        {provider.fetchable && (
          <FetchReportForm
            provider={provider}
            pending={fetchReport.isPending}
            onFetch={(day) => {
              importReport.reset();
              fetchReport.mutate({ provider: name, day });
            }}
          />
        )}
      </Flex>
      {last?.isError && <Alert type="error" showIcon title={`${name}'s report was not imported`} description={last.error?.message} />}
      {last?.isSuccess && last.data && (
        <Alert type="success" showIcon title={<Link to={reportPath(last.data.id)}>{`Report of ${last.data.reportDay}: ${counts(last.data)}`}</Link>} description={`${name}'s report was imported.`} />
      )}
    </Flex>
  );
}

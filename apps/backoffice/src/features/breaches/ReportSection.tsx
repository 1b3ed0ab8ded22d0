/**
 * The report for the NPC / Data Protection Board: saved as JSON (for a system) or as text (to read or
 * paste into the authority's form). The first export is kept as the time the breach was reported.
 */
import { Button, Flex, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { BreachRow } from '@cashloan/contract/staff/breaches';
import { formatDateTime } from '../../shared/format.ts';
import { Section } from '../../shared/ui/Section.tsx';
import { WriteFailure } from '../../shared/ui/WriteFailure.tsx';
import { useExportReport, type ReportFormat } from './api.ts';

const FORMATS: ReadonlyArray<{ format: ReportFormat; label: string }> = [
  { format: 'json', label: 'Export report (JSON)' },
  { format: 'text', label: 'Export report (text)' },
];

export function ReportSection({ breach }: { breach: BreachRow }) {
  const exportReport = useExportReport();
  return (
    <Section title="Report to the authority">
      <Typography.Paragraph>
        The nature of the breach, the personal data involved, the persons affected, the measures taken, the contact, and when it was found and notified.{' '}
        {breach.reportedAt ? `First exported ${formatDateTime(breach.reportedAt)}.` : 'Not exported yet.'}
      </Typography.Paragraph>
      <Flex wrap gap={8}>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportReport.isPending && exportReport.variables?.format === format}
            onClick={() => exportReport.mutate({ id: breach.id, format })}
          >
            {label}
          </Button>
        ))}
      </Flex>
      {exportReport.error && (
        <div style={{ marginTop: 16 }}>
          <WriteFailure error={exportReport.error} title="The report was not exported" />
        </div>
      )}
    </Section>
  );
}

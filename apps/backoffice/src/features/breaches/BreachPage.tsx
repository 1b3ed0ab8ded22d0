/**
 * One breach (issue 39): what happened and when it was found, the 72-hour countdown, the words of its
 * notices, who its query chooses; then telling those borrowers, and the report for the authority.
 */
import { Descriptions, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/format.ts';
import { BREACHES_PATH } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import { useBreach, type BreachDetail } from './api.ts';
import { Countdown } from './Countdown.tsx';
import { NotifySection } from './NotifySection.tsx';
import { ReportSection } from './ReportSection.tsx';

export function BreachPage() {
  const id = Number(useParams().id);
  const detail = useBreach(id);
  return (
    <>
      <PageTitle extra={<Link to={BREACHES_PATH}>Back to the register</Link>}>{detail.data ? `Breach ${detail.data.breach.refNo}` : 'Breach'}</PageTitle>
      <QueryState query={detail}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Facts breach={data.breach} />
            <Notice breach={data.breach} />
            <NotifySection breach={data.breach} affectedNow={data.affectedNow} />
            <ReportSection breach={data.breach} />
          </Space>
        )}
      </QueryState>
    </>
  );
}

type Breach = BreachDetail['breach'];

function Facts({ breach }: { breach: Breach }) {
  return (
    <section aria-label="The breach">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="Reference">{breach.refNo}</Descriptions.Item>
        <Descriptions.Item label="Found">{formatDateTime(breach.discoveredAt)}</Descriptions.Item>
        <Descriptions.Item label="72 hours">
          <Countdown breach={breach} />
        </Descriptions.Item>
        <Descriptions.Item label="Deadline">{formatDateTime(breach.deadlineAt)}</Descriptions.Item>
        <Descriptions.Item label="Recorded">{[breach.recordedBy, formatDateTime(breach.createdAt)].filter(Boolean).join(', ')}</Descriptions.Item>
        <Descriptions.Item label="Affected borrowers">{breach.queryText}</Descriptions.Item>
        {breach.details && (
          <Descriptions.Item label="Details for the report" span={2}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{breach.details}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
    </section>
  );
}

/** The words every affected borrower reads, in the app and by SMS. */
function Notice({ breach }: { breach: Breach }) {
  return (
    <Section title="The notice">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="What happened">{breach.whatHappened}</Descriptions.Item>
        <Descriptions.Item label="Personal data involved">{breach.dataInvolved}</Descriptions.Item>
        <Descriptions.Item label="What we did">{breach.measuresTaken}</Descriptions.Item>
        <Descriptions.Item label="What the borrower can do">{breach.borrowerCanDo}</Descriptions.Item>
        <Descriptions.Item label="Whom to contact">{breach.contact}</Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

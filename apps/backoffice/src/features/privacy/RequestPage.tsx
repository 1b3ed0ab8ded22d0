/**
 * One data request (issue 39): its facts, a correction's value and photo, the borrower's data as they
 * would download it, and for an open request the answer (approve, or refuse with a reason).
 */
import { Descriptions, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { borrowerLabel, formatDateTime } from '../../shared/format.ts';
import { PRIVACY_PATH } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { usePrivacyRequest, type PrivacyRequestDetail } from './api.ts';
import { BorrowerData } from './BorrowerData.tsx';
import { DaysLeft } from './DaysLeft.tsx';
import { DecisionForm } from './DecisionForm.tsx';
import { fieldTitle, KIND_TITLES, STATE_TITLES } from './format.ts';
import { Section } from '../../shared/ui/Section.tsx';

export function RequestPage() {
  const id = Number(useParams().id);
  const detail = usePrivacyRequest(id);
  return (
    <>
      <PageTitle extra={<Link to={PRIVACY_PATH}>Back to the requests</Link>}>{detail.data ? `Data request ${detail.data.request.refNo}` : 'Data request'}</PageTitle>
      <QueryState query={detail}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Facts request={data.request} />
            {data.request.kind === 'correction' && <Correction request={data.request} />}
            <BorrowerData data={data.data} />
            {data.request.state === 'open' && <DecisionForm id={data.request.id} kind={data.request.kind} />}
          </Space>
        )}
      </QueryState>
    </>
  );
}

type Request = PrivacyRequestDetail['request'];

function Facts({ request }: { request: Request }) {
  return (
    <section aria-label="The request">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
        <Descriptions.Item label="Reference">{request.refNo}</Descriptions.Item>
        <Descriptions.Item label="Borrower">{`${borrowerLabel(request.borrowerName, request.borrowerId)} (#${request.borrowerId})`}</Descriptions.Item>
        <Descriptions.Item label="Kind">{KIND_TITLES[request.kind]}</Descriptions.Item>
        {request.field && <Descriptions.Item label="Field">{fieldTitle(request.field)}</Descriptions.Item>}
        <Descriptions.Item label="Created">{formatDateTime(request.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Answer by">
          {request.answerBy}
          {request.state === 'open' && (
            <>
              {' · '}
              <DaysLeft daysLeft={request.daysLeft} />
            </>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="State">{STATE_TITLES[request.state]}</Descriptions.Item>
        {(request.decidedBy || request.decidedAt) && (
          <Descriptions.Item label="Decided">{[request.decidedBy, formatDateTime(request.decidedAt)].filter(Boolean).join(', ')}</Descriptions.Item>
        )}
        {request.reason && <Descriptions.Item label="Reason given">{request.reason}</Descriptions.Item>}
      </Descriptions>
    </section>
  );
}

function Correction({ request }: { request: Request }) {
  return (
    <Section title="The correction">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="The correct value">{request.value || <Typography.Text type="secondary">None given</Typography.Text>}</Descriptions.Item>
        <Descriptions.Item label="Document photo">
          {request.imageUrl ? (
            <a href={request.imageUrl} target="_blank" rel="noopener noreferrer">
              Open the photo (new tab)
            </a>
          ) : (
            <Typography.Text type="secondary">None</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
    </Section>
  );
}

/** One complaint: the borrower's words and images, the order, the promised review, and the reply (or the form to send it). */
import { Card, Descriptions, Empty, Image, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { StaffComplaint } from '@cashloan/contract/staff/complaints';
import { borrowerLabel, formatDateTime } from '../../shared/format.ts';
import { borrowerPath, COMPLAINTS_PATH, orderPath } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useComplaint } from './api.ts';
import { ReplyForm } from './ReplyForm.tsx';

export function ComplaintPage() {
  const id = Number(useParams().id);
  const complaint = useComplaint(id);
  return (
    <>
      <PageTitle extra={<Link to={COMPLAINTS_PATH}>Back to the inbox</Link>}>{`Complaint #${id}`}</PageTitle>
      <QueryState query={complaint}>{(data) => <ComplaintView complaint={data} />}</QueryState>
    </>
  );
}

const sectionTitle = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

function Images({ urls, owner }: { urls: readonly string[]; owner: string }) {
  if (urls.length === 0) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap>
        {urls.map((url, index) => (
          <Image key={url} src={url} width={112} height={112} style={{ objectFit: 'cover' }} alt={`${owner} image ${index + 1} of ${urls.length}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function ComplaintView({ complaint }: { complaint: StaffComplaint }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={sectionTitle('The complaint')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="Borrower">
            <Link to={borrowerPath(complaint.borrowerId)}>{borrowerLabel(complaint.borrowerName, complaint.borrowerId)}</Link>
          </Descriptions.Item>
          <Descriptions.Item label="Phone">{complaint.mobilePhone}</Descriptions.Item>
          <Descriptions.Item label="Order no">
            {complaint.orderId ? <Link to={orderPath(complaint.orderId)}>{complaint.orderNo}</Link> : complaint.orderNo || 'None'}
          </Descriptions.Item>
          <Descriptions.Item label="Type">{[complaint.type, complaint.sonType].filter(Boolean).join(' / ')}</Descriptions.Item>
          <Descriptions.Item label="Reference">{complaint.ticketNo}</Descriptions.Item>
          <Descriptions.Item label="Filed">{formatDateTime(complaint.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Review due">
            {formatDateTime(complaint.reviewDueAt)} {complaint.pastReview && <Tag>Past review</Tag>}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 16 }}>{complaint.content}</Typography.Paragraph>
        <Images urls={complaint.images} owner="Borrower's" />
      </Card>
      <Card title={sectionTitle(complaint.repliedAt ? 'The reply' : 'Reply')}>
        {complaint.repliedAt ? <SentReply complaint={complaint} /> : <ReplyForm complaint={complaint} />}
      </Card>
    </Space>
  );
}

function SentReply({ complaint }: { complaint: StaffComplaint }) {
  return (
    <>
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Sent">{formatDateTime(complaint.repliedAt)}</Descriptions.Item>
        <Descriptions.Item label="Rating asked">{complaint.isNeedScore === 1 ? 'Yes' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Borrower's rating">{complaint.score == null ? 'Not rated' : `${complaint.score} of 5`}</Descriptions.Item>
      </Descriptions>
      {complaint.disposeDetail ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="sent-reply">
          {complaint.disposeDetail}
        </Typography.Paragraph>
      ) : (
        <Empty description="No text" />
      )}
      <Images urls={complaint.disposeImages} owner="Reply" />
    </>
  );
}

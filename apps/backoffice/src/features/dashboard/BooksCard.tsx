/** The dashboard's Books card, for finance: each provider's last closed day and its open reconciliation items, linked to the reconciliation. */
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import type { dashboardCall } from '@cashloan/contract/staff/dashboard';
import { RECONCILIATION_PATH } from '../../shared/paths.ts';

type Books = NonNullable<StaffAnswerOf<typeof dashboardCall>['books']>;

const openText = (n: number) => (n === 1 ? '1 open item' : `${n} open items`);

export function BooksCard({ books }: { books: Books }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Books</h2>} extra={<Link to={RECONCILIATION_PATH}>Open the reconciliation</Link>}>
      {books.length === 0 ? (
        <Typography.Paragraph style={{ margin: 0 }}>No provider keeps books yet.</Typography.Paragraph>
      ) : (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {books.map((b) => (
            <li key={b.provider}>
              <Typography.Text strong>{b.provider}</Typography.Text>
              {`: last closed day ${b.lastClosedDay ?? 'never'}; ${openText(b.openItems)}`}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

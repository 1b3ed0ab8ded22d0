import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * What an empty table or list says, in readable text: antd's own empty state is grey at 1.8:1 on
 * white, which axe reports; a text of its own colour wins over the table's placeholder colour.
 */
export function EmptyText({ children = 'Nothing to show.' }: { children?: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', padding: 16, textAlign: 'center' }}>
      {children}
    </Typography.Text>
  );
}

/** The one heading (h1) of a screen, and the browser tab's title with it. */
import { Flex, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';

export function PageTitle({ children, extra }: { children: string; extra?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · Back office`;
  }, [children]);
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {children}
      </Typography.Title>
      {extra}
    </Flex>
  );
}

/** One section of a screen: a card whose h2 names the region, so a screen reader can jump between them. */
import { Card } from 'antd';
import { useId, type ReactNode } from 'react';

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card
        title={
          <h2 id={id} style={{ fontSize: 16, margin: 0 }}>
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}

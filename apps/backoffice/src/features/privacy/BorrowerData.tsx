/**
 * The borrower's data as they would download it from "My data": the file itself (saved under the
 * server's name with the back office's download helper), and a readable view of it, part by part —
 * each part's key and how many rows it holds, its rows as indented JSON.
 */
import { Button, Collapse, Typography } from 'antd';
import { downloadText } from '../../shared/download.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import type { PrivacyRequestDetail } from './api.ts';
import { Section } from '../../shared/ui/Section.tsx';

interface Part {
  key: string;
  rows: number;
  value: unknown;
}

/** The file's top-level parts; null when the content is not a JSON object (then it is shown as it is). */
function partsOf(content: string): Part[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  return Object.entries(parsed as Record<string, unknown>).map(([key, value]) => ({
    key,
    rows: Array.isArray(value) ? value.length : value === null || value === undefined ? 0 : 1,
    value,
  }));
}

const rowsText = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;

function Json({ label, value }: { label: string; value: string }) {
  // A scrolling region is focusable and named, so a keyboard can scroll it (axe: scrollable-region-focusable).
  return (
    <pre role="region" aria-label={label} tabIndex={0} style={{ maxHeight: 480, overflow: 'auto', margin: 0, fontSize: 12, whiteSpace: 'pre' }}>
      {value}
    </pre>
  );
}

export function BorrowerData({ data }: { data: PrivacyRequestDetail['data'] }) {
  const parts = partsOf(data.content);
  return (
    <Section
      title="The borrower's data"
      extra={
        <Button onClick={() => downloadText(data.fileName, data.content, 'application/json;charset=utf-8')}>
          Download the borrower&apos;s data (JSON)
        </Button>
      }
    >
      <Typography.Paragraph>{`What the borrower would download from "My data" (${data.fileName}).`}</Typography.Paragraph>
      {parts === null ? (
        <Json label="The borrower's data" value={data.content} />
      ) : parts.length === 0 ? (
        <EmptyText>The file holds nothing.</EmptyText>
      ) : (
        <Collapse
          items={parts.map((part) => ({
            key: part.key,
            label: `${part.key} (${rowsText(part.rows)})`,
            children: <Json label={`${part.key} rows`} value={JSON.stringify(part.value, null, 2)} />,
          }))}
        />
      )}
    </Section>
  );
}

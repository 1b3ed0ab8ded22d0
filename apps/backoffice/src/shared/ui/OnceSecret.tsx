/** A secret shown this one time (a temporary password): large, copyable, and said to be shown once. */
import { Alert, Typography } from 'antd';

export function OnceSecret({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Alert type="warning" showIcon title="Shown this once" description="Copy it now and hand it over safely: it cannot be shown again." style={{ marginBottom: 12 }} />
      <Typography.Text strong>{label}: </Typography.Text>
      <Typography.Text code copyable={{ text: value, tooltips: ['Copy', 'Copied'] }} data-testid="once-secret" style={{ fontSize: 18 }}>
        {value}
      </Typography.Text>
    </div>
  );
}

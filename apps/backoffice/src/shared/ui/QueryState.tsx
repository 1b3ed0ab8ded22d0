/** The loading and failure states of a screen's load, the same on every screen: a spinner, or the error with Retry. */
import { Alert, Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export function LoadFailure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="This could not be loaded"
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: 24, textAlign: 'center' }}>
      <Spin />
      <span style={{ marginLeft: 8 }}>{label}…</span>
    </div>
  );
}

/** Renders `children` with the query's data once it has some; until then the shared loading or failure state. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

import type { ReactNode } from 'react';

/** A table's caption, visible and read with the table: what its rows are. */
export function TableCaption({ children }: { children: ReactNode }) {
  return <span style={{ display: 'block', textAlign: 'start', fontWeight: 600, padding: '8px 0' }}>{children}</span>;
}

/** A journal entry's lines as a list: each account with its debit or credit, in the entry's currency. */
import { Typography } from 'antd';
import type { JournalEntry } from '@cashloan/contract/staff/books';
import { Money } from '../../shared/ui/Money.tsx';

export function JournalLines({ entry }: { entry: JournalEntry }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 320 }}>
      {entry.lines.map((line, i) => (
        <li key={`${line.account}-${i}`} style={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 16 }}>
          <span>
            <Typography.Text code>{line.account}</Typography.Text> {line.name}
          </span>
          <span style={{ textAlign: 'right' }}>
            {line.debitMinor > 0 && (
              <>
                Debit <Money minor={line.debitMinor} currency={entry.currency} />
              </>
            )}
            {line.debitMinor > 0 && line.creditMinor > 0 && ', '}
            {line.creditMinor > 0 && (
              <>
                Credit <Money minor={line.creditMinor} currency={entry.currency} />
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

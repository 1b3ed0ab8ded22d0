/**
 * The books, for finance: the trial balance of a currency and the journal of a range of market days
 * (by default the last 7 days to today), and the journal's CSV export. The range and the currency are
 * kept in the address, so a reload or a shared link shows the same books.
 */
import { DatePicker, Flex, Form, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { BOOK_CURRENCIES, bookDay, type BookCurrency } from '@cashloan/contract/staff/books';
import { addDays, marketDay } from '../../shared/format.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { useListParams } from '../../shared/use-list-params.ts';
import { ExportJournalButton } from './ExportJournalButton.tsx';
import { JournalTable } from './JournalTable.tsx';
import { TrialBalance } from './TrialBalance.tsx';

const DAY = 'YYYY-MM-DD';
/** The default range: this many market days, today included. */
const DEFAULT_DAYS = 7;
const isCurrency = (value: string | undefined): value is BookCurrency => (BOOK_CURRENCIES as readonly string[]).includes(value ?? '');
const isDay = (value: string | undefined): value is string => bookDay('day').safeParse(value).success;
/** Hidden from the eye, read by a screen reader: the range's end has a label of its own. */
const onlyForScreenReaders = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

export function BooksPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['from', 'to', 'currency'] as const);
  const currency: BookCurrency = isCurrency(filters.currency) ? filters.currency : 'PHP';
  const to = isDay(filters.to) ? filters.to : marketDay(currency);
  const from = isDay(filters.from) ? filters.from : addDays(to, 1 - DEFAULT_DAYS);

  return (
    <>
      <PageTitle>Books</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Every money event is booked as a balanced journal entry on its market day (Manila for pesos, Kolkata for rupees). The trial balance shows each
        account before the range, its debits and credits in it, and its balance at the end.
      </Typography.Paragraph>
      <Flex wrap gap={16} align="center" style={{ marginBottom: 16 }}>
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="From" htmlFor="books-from">
            <label htmlFor="books-to" style={onlyForScreenReaders}>
              To
            </label>
            <DatePicker.RangePicker
              id={{ start: 'books-from', end: 'books-to' }}
              allowClear={false}
              value={[dayjs(from), dayjs(to)]}
              onChange={(days) => {
                if (days?.[0] && days[1]) setFilters({ from: days[0].format(DAY), to: days[1].format(DAY), currency });
              }}
            />
          </Form.Item>
          <Form.Item label="Currency" htmlFor="books-currency">
            <Select<BookCurrency>
              id="books-currency"
              value={currency}
              onChange={(value) => setFilters({ from, to, currency: value })}
              style={{ width: 120 }}
              options={BOOK_CURRENCIES.map((c) => ({ value: c, label: c }))}
            />
          </Form.Item>
        </Form>
        <ExportJournalButton from={from} to={to} />
      </Flex>
      <TrialBalance from={from} to={to} currency={currency} />
      <JournalTable from={from} to={to} page={page} pageSize={pageSize} onPage={setPage} />
    </>
  );
}

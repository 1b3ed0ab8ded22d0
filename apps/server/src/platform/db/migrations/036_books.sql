-- The books (issue 37, docs/books.md): a double-entry journal written by every money event in the
-- event's own transaction, the providers' daily reports matched against it, and finance's day-end.
-- The books room's own tables (domain/books/store.ts).

-- One entry per money event. Append-only: a correction is a new entry that reverses another.
CREATE TABLE journal_entries (
  id                 bigserial PRIMARY KEY,
  -- The market day (Manila for PHP, Kolkata for INR) the entry is booked on: the day it is recorded.
  book_day           date NOT NULL,
  kind               text NOT NULL CHECK (kind IN ('opening', 'disbursement', 'payout_reversal', 'payment', 'credit_refund', 'reconciliation', 'reversal')),
  currency           text NOT NULL CHECK (currency IN ('PHP', 'INR')),
  order_id           bigint REFERENCES orders (id),
  payment_id         bigint REFERENCES payments (id),
  payout_id          bigint REFERENCES payouts (id),
  -- Whose cash moved (a collection or payout provider, or 'bank'), and the reference its report gives.
  provider           text,
  provider_ref       text,
  reverses_entry_id  bigint REFERENCES journal_entries (id),
  memo               text NOT NULL,
  created_by_staff_id bigint REFERENCES staff_accounts (id),
  created_at         timestamptz NOT NULL
);
CREATE INDEX journal_entries_by_day ON journal_entries (book_day, id);
CREATE INDEX journal_entries_by_order ON journal_entries (order_id);
CREATE INDEX journal_entries_by_ref ON journal_entries (provider, provider_ref);
-- An order is opened in the books once (its disbursement, or its opening balance when it was paid out
-- before the books or outside a payout provider); a payment and a payout's reversal are booked once.
CREATE UNIQUE INDEX journal_entries_one_opening ON journal_entries (order_id) WHERE kind IN ('opening', 'disbursement');
CREATE UNIQUE INDEX journal_entries_one_payment ON journal_entries (payment_id) WHERE kind = 'payment';
CREATE UNIQUE INDEX journal_entries_one_reversal_of_payout ON journal_entries (payout_id) WHERE kind = 'payout_reversal';
CREATE UNIQUE INDEX journal_entries_reversed_once ON journal_entries (reverses_entry_id) WHERE reverses_entry_id IS NOT NULL;

CREATE TABLE journal_lines (
  id           bigserial PRIMARY KEY,
  entry_id     bigint NOT NULL REFERENCES journal_entries (id),
  account      text NOT NULL,
  debit_minor  bigint NOT NULL DEFAULT 0 CHECK (debit_minor >= 0),
  credit_minor bigint NOT NULL DEFAULT 0 CHECK (credit_minor >= 0),
  CONSTRAINT journal_lines_one_side CHECK ((debit_minor = 0) <> (credit_minor = 0))
);
CREATE INDEX journal_lines_by_entry ON journal_lines (entry_id);
CREATE INDEX journal_lines_by_account ON journal_lines (account);

CREATE FUNCTION journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the journal is append-only: % of % refused (book a reversing entry instead)', TG_OP, TG_TABLE_NAME;
END;
$$;
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();
CREATE TRIGGER journal_lines_append_only BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_append_only();

-- Every entry balances, checked by the database at commit (the code checks it before writing too).
CREATE FUNCTION journal_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE difference bigint;
BEGIN
  SELECT COALESCE(SUM(debit_minor - credit_minor), 0) INTO difference FROM journal_lines WHERE entry_id = NEW.entry_id;
  IF difference <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (debits - credits = %)', NEW.entry_id, difference;
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER journal_lines_balance AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balances();

-- Finance's day-end, per provider: a closed day gets no new entry for that provider's cash.
CREATE TABLE closed_book_days (
  provider           text NOT NULL,
  day                date NOT NULL,
  closed_by_staff_id bigint NOT NULL REFERENCES staff_accounts (id),
  closed_by_name     text NOT NULL,
  closed_at          timestamptz NOT NULL,
  PRIMARY KEY (provider, day)
);

CREATE FUNCTION journal_day_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.provider IS NOT NULL AND EXISTS (SELECT 1 FROM closed_book_days WHERE provider = NEW.provider AND day = NEW.book_day) THEN
    RAISE EXCEPTION 'the books of % for % are closed: an entry books on the day it is recorded', NEW.provider, NEW.book_day;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER journal_entries_day_open BEFORE INSERT ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION journal_day_open();

-- A provider's daily report, imported once (one transaction per file).
CREATE TABLE provider_reports (
  id                   bigserial PRIMARY KEY,
  provider             text NOT NULL,
  report_day           date NOT NULL,
  file_name            text NOT NULL,
  file_sha256          text NOT NULL UNIQUE,
  line_count           integer NOT NULL,
  imported_by_staff_id bigint REFERENCES staff_accounts (id),
  imported_by_name     text NOT NULL,
  imported_at          timestamptz NOT NULL,
  UNIQUE (provider, report_day)
);

-- Each report line matched against the journal by the provider's reference, and each booked entry
-- of that provider and day the report did not list. Anything but 'matched' is an item for finance.
CREATE TABLE reconciliation_items (
  id                  bigserial PRIMARY KEY,
  report_id           bigint NOT NULL REFERENCES provider_reports (id),
  line_no             integer,
  reference           text NOT NULL,
  -- What moved: money in, a payout, a payout returned (a line's type; for a booked entry not in the report, its kind's).
  line_type           text NOT NULL CHECK (line_type IN ('collection', 'payout', 'payout_return')),
  state               text NOT NULL CHECK (state IN ('matched', 'not_booked', 'not_in_report', 'amount_differs', 'fee_differs')),
  currency            text NOT NULL CHECK (currency IN ('PHP', 'INR')),
  report_amount_minor bigint,
  report_fee_minor    bigint,
  booked_amount_minor bigint,
  booked_fee_minor    bigint,
  order_id            bigint REFERENCES orders (id),
  payment_id          bigint REFERENCES payments (id),
  payout_id           bigint REFERENCES payouts (id),
  entry_id            bigint REFERENCES journal_entries (id),
  resolution          text CHECK (resolution IN ('booked', 'provider_error', 'note')),
  resolution_note     text,
  resolution_entry_id bigint REFERENCES journal_entries (id),
  resolved_by_staff_id bigint REFERENCES staff_accounts (id),
  resolved_by_name    text,
  resolved_at         timestamptz,
  CONSTRAINT reconciliation_items_resolved CHECK ((resolution IS NULL) = (resolved_at IS NULL)),
  CONSTRAINT reconciliation_items_matched_needs_nothing CHECK (state <> 'matched' OR resolution IS NULL)
);
CREATE INDEX reconciliation_items_by_report ON reconciliation_items (report_id, line_no);
CREATE INDEX reconciliation_items_open ON reconciliation_items (report_id) WHERE state <> 'matched' AND resolution IS NULL;

-- A held credit paid back to the borrower from the lender's bank (finance's refund; once per exception).
ALTER TABLE payment_exceptions ADD COLUMN refund_reference text;
ALTER TABLE payment_exceptions ADD COLUMN refunded_by_staff_id bigint REFERENCES staff_accounts (id);
ALTER TABLE payment_exceptions ADD COLUMN refunded_by_name text;
ALTER TABLE payment_exceptions ADD COLUMN refunded_at timestamptz;
ALTER TABLE payment_exceptions ADD CONSTRAINT payment_exceptions_refund CHECK ((refunded_at IS NULL) = (refund_reference IS NULL));

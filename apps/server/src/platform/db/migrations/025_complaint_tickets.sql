-- Complaint tickets (issue 23, docs/complaints.md): every complaint has a reference a person can read
-- out, CMP-YYYYMMDD-NNNN, the lender-calendar date it was filed (Manila, UTC+8 as loan-terms/calendar.ts)
-- and that day's sequence. The sequence is a counter row per day, taken with
-- INSERT … ON CONFLICT DO UPDATE … RETURNING inside the filing's transaction: concurrent filings, also
-- of several server processes, wait on the day's row and get 1, 2, 3, … in turn; the unique index
-- on ticket_no is the last guard.
CREATE TABLE complaint_ticket_days (
  day      date PRIMARY KEY,
  last_seq int NOT NULL CHECK (last_seq > 0)
);

ALTER TABLE complaints ADD COLUMN ticket_no text;

-- Existing complaints, numbered by filing time within their lender day.
WITH numbered AS (
  SELECT id,
         ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date AS day,
         row_number() OVER (PARTITION BY ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date ORDER BY created_at, id) AS seq
    FROM complaints
)
UPDATE complaints c
   SET ticket_no = 'CMP-' || to_char(n.day, 'YYYYMMDD') || '-' || lpad(n.seq::text, 4, '0')
  FROM numbered n
 WHERE n.id = c.id;

INSERT INTO complaint_ticket_days (day, last_seq)
SELECT ((created_at AT TIME ZONE 'UTC') + interval '8 hours')::date, count(*)
  FROM complaints
 GROUP BY 1;

ALTER TABLE complaints ALTER COLUMN ticket_no SET NOT NULL;
CREATE UNIQUE INDEX complaints_ticket_no ON complaints (ticket_no);

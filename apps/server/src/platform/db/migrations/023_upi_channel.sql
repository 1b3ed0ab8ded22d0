-- UPI for Indian orders (real=1; docs/repayment.md, "UPI"): a UPI payment goes straight to the
-- lender's own collection account and is booked, like card and hosted-checkout money, on a pay code
-- of an internal channel. The repayment screens list only the 'code' and 'qr' channels.
ALTER TABLE payment_channels DROP CONSTRAINT IF EXISTS payment_channels_kind_check;
ALTER TABLE payment_channels ADD CONSTRAINT payment_channels_kind_check CHECK (kind IN ('code', 'qr', 'card', 'checkout', 'posted', 'upi'));
INSERT INTO payment_channels (channel_number, name, logo, kind, pay_notice, sort, active) VALUES
  ('UPI', 'UPI (India)', '', 'upi', '{}', 1004, true)
ON CONFLICT (channel_number) DO NOTHING;

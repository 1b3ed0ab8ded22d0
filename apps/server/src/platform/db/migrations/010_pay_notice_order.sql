-- Payment instructions are shown in the order the lender wrote them; jsonb sorts object keys,
-- json keeps the text as written.
ALTER TABLE payment_channels ALTER COLUMN pay_notice TYPE json USING pay_notice::json;
ALTER TABLE payment_channels ALTER COLUMN pay_notice SET DEFAULT '{}';

-- Versions of what a server process keeps in memory (platform/db/cached-read.ts, issue 42): the
-- product catalogue, the recommendations the order screen lists, the payment channels, the
-- agreement texts, and the borrower each session names. Any change to them, by the app or by a DBA in psql, moves the version in the same
-- transaction (statement triggers), and every process compares versions at most every half second,
-- so a change is seen within a second without a query per request.
CREATE TABLE cached_read_versions (
  name    text PRIMARY KEY,
  version bigint NOT NULL
);
INSERT INTO cached_read_versions (name, version) VALUES ('products', 1), ('product_recommendations', 1), ('payment_channels', 1), ('agreements', 1), ('sessions', 1);

-- Moves the version named by the trigger's argument.
CREATE FUNCTION bump_cached_read_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cached_read_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_cached_read_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('products');
CREATE TRIGGER product_recommendations_cached_read_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_recommendations
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('product_recommendations');
CREATE TRIGGER payment_channels_cached_read_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_channels
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('payment_channels');
CREATE TRIGGER agreements_cached_read_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agreements
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('agreements');

-- A session's borrower as the borrower's calls read it (domain/borrowers/session.ts): the session,
-- the borrower and their reminders consent. A new session is not kept until it is first read, so
-- an INSERT of a session does not move the version; ending one, or any change to the borrower or a
-- consent, does.
CREATE TRIGGER sessions_cached_read_version AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('sessions');
CREATE TRIGGER borrowers_cached_read_version AFTER UPDATE OR DELETE OR TRUNCATE ON borrowers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('sessions');
CREATE TRIGGER consents_cached_read_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON consents
  FOR EACH STATEMENT EXECUTE FUNCTION bump_cached_read_version('sessions');

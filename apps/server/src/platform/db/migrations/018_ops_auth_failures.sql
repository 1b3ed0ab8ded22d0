-- Wrong /ops tokens per client address (issue 18): at most OPS_WRONG_TOKENS_PER_MINUTE in a window
-- of one minute, counted in the database so every server process sees the same count.
CREATE TABLE ops_auth_failures (
  address      text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures     int NOT NULL
);

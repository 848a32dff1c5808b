-- Audit records: one row per request id, in append order (seq is never reused).
-- recorded_at is UTC ISO-8601 with nine fraction digits: text order is time order, and it casts to timestamptz.
-- payload is the JSON text Keel's strict codec wrote (cast to jsonb to query it).
CREATE TABLE keel_audit_record (
    seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    request_id  TEXT   NOT NULL UNIQUE,
    recorded_at TEXT   NOT NULL,
    kind        TEXT   NOT NULL,
    payload     TEXT   NOT NULL
);

-- Session states: a JSON object per session; version goes up by one with every write (optimistic concurrency).
CREATE TABLE keel_session (
    session_id TEXT   NOT NULL PRIMARY KEY,
    version    BIGINT NOT NULL,
    state      TEXT   NOT NULL,
    updated_at TEXT   NOT NULL
);

-- Audit records: one row per request id, in append order (seq is never reused).
-- recorded_at is UTC ISO-8601 with nine fraction digits: text order is time order.
-- payload is the JSON text Keel's strict codec wrote.
CREATE TABLE keel_audit_record (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    request_id  TEXT    NOT NULL UNIQUE,
    recorded_at TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    payload     TEXT    NOT NULL
);

-- Session states: a JSON object per session; version goes up by one with every write (optimistic concurrency).
CREATE TABLE keel_session (
    session_id TEXT    NOT NULL PRIMARY KEY,
    version    INTEGER NOT NULL,
    state      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);

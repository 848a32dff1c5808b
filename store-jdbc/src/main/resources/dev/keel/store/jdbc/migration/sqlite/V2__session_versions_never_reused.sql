-- Session versions are drawn from one counter for all sessions, so a version is never written twice: a session
-- removed and created again gets a version no writer that read it before the removal can hold, and a removal
-- deletes the row, leaving nothing of the state behind (no tombstone).
-- last_version is the highest version ever written; a write sets version to last_version + 1 and the triggers
-- move last_version up to it in the same statement (SQLite runs one writing statement at a time, so no two writes
-- draw the same version).
-- It starts at the highest version written before this migration, so versions read before it never match.
CREATE TABLE keel_session_version (
    last_version INTEGER NOT NULL
);
INSERT INTO keel_session_version (last_version) SELECT COALESCE(MAX(version), 0) FROM keel_session;

CREATE TRIGGER keel_session_version_on_insert AFTER INSERT ON keel_session
BEGIN
    UPDATE keel_session_version SET last_version = NEW.version WHERE last_version < NEW.version;
END;

CREATE TRIGGER keel_session_version_on_update AFTER UPDATE OF version ON keel_session
BEGIN
    UPDATE keel_session_version SET last_version = NEW.version WHERE last_version < NEW.version;
END;

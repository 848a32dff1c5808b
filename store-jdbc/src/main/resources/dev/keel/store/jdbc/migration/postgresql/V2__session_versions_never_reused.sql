-- Session versions are drawn from one sequence for all sessions, so a version is never written twice: a session
-- removed and created again gets a version no writer that read it before the removal can hold, and a removal
-- deletes the row, leaving nothing of the state behind (no tombstone).
-- The sequence starts above every version written before it, so versions read before this migration never match.
CREATE SEQUENCE keel_session_version AS BIGINT;
SELECT setval('keel_session_version', COALESCE((SELECT MAX(version) FROM keel_session), 0) + 1, false);

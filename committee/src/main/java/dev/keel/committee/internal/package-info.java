/**
 * Implementations behind the public committee API: the configuration's format (its JSON Schema and the record it
 * binds to), the orchestration, its prompts, the strict JSON exchange with bounded re-ask, the budget ledger and the
 * reply's rendering. Not API: types here may change without notice.
 *
 * <p>Everything here is thread-safe; all but the orchestration (which calls the backends it is given) is pure.
 */
package dev.keel.committee.internal;

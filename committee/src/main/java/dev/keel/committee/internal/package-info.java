/**
 * Implementations behind the public committee API: the orchestration, its prompts, the strict JSON exchange with
 * bounded re-ask, the budget ledger, the reply's rendering and the {@code keel eval} operations. Not API: types here
 * may change without notice.
 *
 * <p>Everything here is thread-safe; all but the orchestration (which calls the backends it is given) is pure.
 */
package dev.keel.committee.internal;

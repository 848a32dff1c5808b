/**
 * Implementations behind the public stage API: the validator, the contract JSON form, JSON Schema export, the
 * runtime and the {@code stage} operation of {@code keel eval}. Not API: types here may change without notice.
 *
 * <p>Everything here is thread-safe; all but the runtime (which calls the SPIs it is given) and the built-in
 * contract loader (which reads class-path resources) is pure.
 */
package dev.keel.stage.internal;

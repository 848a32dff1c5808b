/**
 * Keel's shared vocabulary: the principal, the three-valued {@link dev.keel.core.Decision}, normalised
 * {@link dev.keel.core.ReasonCode}s, the {@link dev.keel.core.Provenance} record (see {@code docs/provenance.md}), and the
 * unchecked exception hierarchy rooted at {@link dev.keel.core.KeelException}.
 *
 * <p>Every type here is immutable and thread-safe; nothing here performs I/O or reads a clock.
 */
package dev.keel.core;

package dev.keel.eval;

/**
 * What one {@link EvalRunner#run} saw. Immutable and thread-safe.
 *
 * @param lines  input lines read (one output line was written for each)
 * @param errors lines answered with an {@code error} object
 */
public record EvalSummary(long lines, long errors) {
}

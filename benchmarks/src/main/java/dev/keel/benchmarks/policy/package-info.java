/**
 * JMH benchmarks of the governance plane's policy side: {@link dev.keel.policy.PolicyEvaluator} beside a plain
 * {@code HashMap} lookup and jCasbin's {@code enforce()} on an equivalent RBAC model, and the
 * {@link dev.keel.reading.OutboundFilter} on a 2 KB answer. Benchmark state is per benchmark and read-only.
 */
package dev.keel.benchmarks.policy;

/**
 * JMH benchmarks of the model backends (keel-langchain4j, keel-models): the per-call overhead of Keel's wrapping
 * (translation, retries, budget accounting, JSON parsing and contract validation) against the raw langchain4j call,
 * on an in-process {@code ChatModel} that answers at once, in the same run. Benchmark state is per thread.
 */
package dev.keel.benchmarks.adapters;

/**
 * JMH benchmarks of the governed call ({@link dev.keel.pipeline.Pipeline}) end to end, with in-process backends:
 * its time beside the bare backend call and a stand-in for a model call, its throughput on 1, 2 and 4 threads, and
 * how its cost grows with the policy's rules and the evidence. Each pipeline is shared by the benchmark's threads,
 * as a host shares one.
 */
package dev.keel.benchmarks.pipeline;

/** JMH benchmarks of the evidence plane: discovery plan plus evidence gate, and the governed data CSV reader. */
package dev.keel.benchmarks.evidence;

/** The deterministic part of a rule-governed turn at growing rule counts, next to one embedding of the message. */
package dev.keel.benchmarks.rules;

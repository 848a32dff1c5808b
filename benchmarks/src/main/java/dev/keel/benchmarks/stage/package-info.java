/**
 * JMH benchmarks of the stage runtime: validating one stage output (parse included) with Keel's
 * {@link dev.keel.stage.StageValidator} and, in the same run, with networknt json-schema-validator on the
 * equivalent JSON Schema. Benchmark state is confined to JMH's threads.
 */
package dev.keel.benchmarks.stage;

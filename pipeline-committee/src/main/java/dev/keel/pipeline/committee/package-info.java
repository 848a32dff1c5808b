/**
 * A committee of models as the reasoning of a governed call ({@code docs/committee.md}, "On the governed call"):
 * {@link dev.keel.pipeline.committee.CommitteeReasoning} runs the committee of the committee module
 * ({@link dev.keel.committee}) with every role's model reached through the turn's governed backends, so every
 * prompt that leaves the house is egress-filtered, and the committee's reply becomes the draft the pipeline
 * enforces, filters, explains and audits.
 *
 * <p>Thread-safe steps over immutable configuration.
 */
package dev.keel.pipeline.committee;

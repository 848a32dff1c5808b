/**
 * The steps of a rule-governed turn ({@link dev.keel.pipeline.rules.RuleSteps}): sensors, the ambiguity trap,
 * hydration, navigation, retrieval, tools, the generation prompt and the lanes. Not an API. Stateless or
 * immutable; thread-safe.
 */
package dev.keel.pipeline.rules.internal;

/**
 * Conversations governed by flat scoped rules, as steps of the governed call ({@code docs/rules.md}):
 * {@link dev.keel.pipeline.rules.RuleSteps} wires the unified sensor, the ambiguity trap, hydration through the
 * session store, navigation with stickiness, scope and retrieval, tools, the generation prompt and the enforcement
 * lanes (Lane 1 by code, Lane 2 by one judge call) into a {@link dev.keel.pipeline.Pipeline}. The rules themselves,
 * and every pure decision over them, are the rules module's ({@link dev.keel.rules}).
 *
 * <p>Immutable values and thread-safe steps; the SPIs ({@link dev.keel.pipeline.rules.Sensor},
 * {@link dev.keel.pipeline.rules.ToolExecutor}) must be thread-safe.
 */
package dev.keel.pipeline.rules;

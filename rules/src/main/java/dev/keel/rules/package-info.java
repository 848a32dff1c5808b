/**
 * Flat scoped rules for conversations ({@code docs/rules.md}): {@link dev.keel.rules.Rule}s filtered by scope and
 * ordered by priority ({@link dev.keel.rules.RuleSet#select}), retrieved by meaning ({@link dev.keel.rules.RuleIndex}),
 * scenarios navigated with stickiness ({@link dev.keel.rules.Navigator}), and answers checked in lanes
 * ({@link dev.keel.rules.RuleSet#check}: Lane 1 by code, subjective rules listed for a judge). A
 * {@link dev.keel.rules.RuleBook} holds an application's rules, scenarios and the entities its sensor reads.
 *
 * <p>Depends on core only. Everything here is immutable and thread-safe, and every operation is pure (the
 * embedder is called only when an index is built); the turn that runs these steps with a model is the pipeline's.
 */
package dev.keel.rules;

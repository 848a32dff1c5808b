/**
 * An online shop's support agent built from Keel's public parts ({@code docs/rules.md}): a conversation governed by
 * flat scoped rules on the governed call, with refund, sales and shipping scenarios, its own rule book, policy,
 * routing table, tools over the shop's orders and catalogue, and a shipped conversation whose model replies can be
 * replayed offline. Immutable values and thread-safe services, except {@link dev.keel.examples.support.ReplayedReplies},
 * which is scripted turn by turn.
 */
package dev.keel.examples.support;

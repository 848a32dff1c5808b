/**
 * Governed content: what a conversation is made of, and the labels that travel with it.
 *
 * <p>A message ({@link dev.keel.core.spi.ChatMessage}) is a role and a list of {@link dev.keel.core.content.Part}s:
 * plain text, Markdown, a JSON value, an attachment, a tool call, a tool result. Each part carries
 * {@link dev.keel.core.content.Labels}: the data domains it touches, whether it must stay in the house, and the
 * decision it was produced or read under. Filters read each part as its reader does (Markdown rendered, JSON as
 * values), and a prompt is assembled from filtered parts, never by splicing filtered strings; labels are computed
 * over everything that will be sent and kept with the content in memory and later turns. See
 * {@code docs/governed-call.md}.
 *
 * <p>Every type here is an immutable value, thread-safe.
 */
package dev.keel.core.content;

/**
 * Reading content as its reader sees it ({@code docs/reading.md}): the outbound filter
 * ({@link dev.keel.reading.OutboundFilter}; {@link dev.keel.reading.StreamingFilter} for an answer that arrives in
 * chunks), which applies a policy's restrictions and withholds what a {@code PARTIAL} answer may not show, the
 * recognisers of the kinds that ship ({@link dev.keel.reading.Recognisers}), and the amounts a text states
 * ({@link dev.keel.reading.Amounts}). Texts are read through their escapes, character references and invisible
 * characters, Markdown as written and as rendered, number words per language.
 *
 * <p>What is read for comes from {@code dev.keel.policy}: the document's restrictions, what PARTIAL withholds, the
 * host's recognisers and number-word languages. The outbound filter is the tool gate's
 * {@link dev.keel.policy.EgressFilter}. Everything here is pure and thread-safe, but for a
 * {@link dev.keel.reading.StreamingFilter}, which is one stream's and one thread's at a time.
 */
package dev.keel.reading;

package dev.keel.core.evidence;

import java.util.Objects;

/**
 * One piece of evidence an answer may use: what it says, where it is ({@link Locator}), what kind of source it
 * comes from (for example {@code regulated_knowledge}, {@code records}), and the data domain it belongs to, so that
 * governance can be checked against the domains of the evidence an answer really uses. Immutable and thread-safe.
 *
 * @param kind    the kind of source, as provenance groups sources
 * @param domain  the data domain the item belongs to, in the policy's canonical naming
 * @param locator where the item is
 * @param text    what it says, for prompts and answers; may be empty when the item is a number read elsewhere
 */
public record EvidenceItem(String kind, String domain, Locator locator, String text) {

    public EvidenceItem {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(locator, "locator");
        Objects.requireNonNull(text, "text");
    }

    /** The source name: {@code locator().source()}. */
    public String source() {
        return locator.source();
    }
}

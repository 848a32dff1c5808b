package dev.keel.policy;

import java.util.Objects;

/**
 * One short paragraph of governance knowledge, as {@link GovernanceKnowledge} split it from its markdown.
 *
 * <p>Immutable and thread-safe.
 *
 * @param index   the passage's position in its document, from 0; rankers break ties by it
 * @param source  the document's name, for example {@code ward_governance_knowledge.md}
 * @param section the headings above the passage, joined with {@code " > "}; empty above the first heading
 * @param text    the paragraph, with its markdown kept and surrounding white space removed
 */
public record KnowledgePassage(int index, String source, String section, String text) {

    public KnowledgePassage {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(section, "section");
        Objects.requireNonNull(text, "text");
    }
}

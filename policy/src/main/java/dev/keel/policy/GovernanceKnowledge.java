package dev.keel.policy;

import java.util.List;
import java.util.Objects;

/**
 * Governance knowledge (a Markdown text that explains a policy to people) split into short passages, ready for a
 * {@link KnowledgeRanker} to retrieve the few that explain a decision ({@code docs/policy.md}, "Governance
 * knowledge and rationale").
 *
 * <p>Splitting: headings start a new section (nested headings are joined with {@code " > "}) and are not
 * passages themselves; blank lines and horizontal rules end a paragraph; a fenced code block is one paragraph,
 * blank lines included. A paragraph longer than the maximum is split between list items, then between sentences, then at a
 * space, and the pieces are packed back together up to the maximum. Immutable and thread-safe.
 */
public final class GovernanceKnowledge {

    /** The longest passage, in characters, unless another maximum is given. */
    public static final int DEFAULT_MAX_PASSAGE_LENGTH = 500;

    private final String source;
    private final List<KnowledgePassage> passages;

    private GovernanceKnowledge(String source, List<KnowledgePassage> passages) {
        this.source = source;
        this.passages = List.copyOf(passages);
    }

    /** Splits {@code markdown} with {@link #DEFAULT_MAX_PASSAGE_LENGTH}. */
    public static GovernanceKnowledge fromMarkdown(String source, String markdown) {
        return fromMarkdown(source, markdown, DEFAULT_MAX_PASSAGE_LENGTH);
    }

    /**
     * Splits {@code markdown} into passages of at most {@code maxPassageLength} characters (a single word
     * longer than that is cut).
     *
     * @param source the document's name, recorded in each passage
     * @throws dev.keel.core.InvalidInputException when {@code maxPassageLength} is below 40
     */
    public static GovernanceKnowledge fromMarkdown(String source, String markdown, int maxPassageLength) {
        Objects.requireNonNull(source, "source");
        return new GovernanceKnowledge(source, MarkdownPassages.split(source, markdown, maxPassageLength));
    }

    /** The document's name. */
    public String source() {
        return source;
    }

    /** The passages, in document order ({@link KnowledgePassage#index()} is the position in this list). */
    public List<KnowledgePassage> passages() {
        return passages;
    }
}

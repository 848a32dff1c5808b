package dev.keel.policy;

import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;

/**
 * Every phrase of a policy, compiled once: its domain rules' and its markings'. A text is normalised and split
 * into words once, and each phrase is looked for in those words, so that domain detection and the sensitivity
 * markings read the same text the same way: a marking tied to a domain sets that domain exactly when it keeps a
 * request inside. Immutable and thread-safe.
 */
final class PhraseTable {

    private static final PhraseTable EMPTY = new PhraseTable(List.of(), List.of());

    private final List<DomainRule> rules;
    private final List<Marking> markings;
    private final List<List<PhraseMatcher>> rulePhrases;
    private final List<List<PhraseMatcher>> markingPhrases;

    private PhraseTable(List<DomainRule> rules, List<Marking> markings) {
        this.rules = List.copyOf(rules);
        this.markings = List.copyOf(markings);
        List<List<PhraseMatcher>> ruleMatchers = new ArrayList<>();
        for (DomainRule rule : this.rules) {
            ruleMatchers.add(rule.phrases().stream().map(p -> PhraseMatcher.compile(p, rule.maxGap())).toList());
        }
        List<List<PhraseMatcher>> markingMatchers = new ArrayList<>();
        for (Marking marking : this.markings) {
            markingMatchers.add(marking.phrases().stream()
                    .map(p -> PhraseMatcher.marking(p, marking.caseSensitive())).toList());
        }
        this.rulePhrases = List.copyOf(ruleMatchers);
        this.markingPhrases = List.copyOf(markingMatchers);
    }

    /** The table of {@code rules} and {@code markings}, which are taken as valid. */
    public static PhraseTable of(List<DomainRule> rules, List<Marking> markings) {
        return rules.isEmpty() && markings.isEmpty() ? EMPTY : new PhraseTable(rules, markings);
    }

    public List<DomainRule> rules() {
        return rules;
    }

    public List<Marking> markings() {
        return markings;
    }

    /** The compiled phrases of rule {@code rule}, in order. */
    public List<PhraseMatcher> rulePhrases(int rule) {
        return rulePhrases.get(rule);
    }

    /** The compiled phrases of marking {@code marking}, in order. */
    public List<PhraseMatcher> markingPhrases(int marking) {
        return markingPhrases.get(marking);
    }

    /**
     * What {@code text} holds: each rule and each marking one of whose phrases it holds, in order, with its first
     * matching phrase (in phrase order) where that first occurs, in offsets of the text as given.
     */
    public Found find(String text) {
        NormalizedText normalized = NormalizedText.of(text);
        Words words = Words.of(normalized.text());
        return new Found(hits(rulePhrases, normalized, words), hits(markingPhrases, normalized, words));
    }

    private static List<Hit> hits(List<List<PhraseMatcher>> table, NormalizedText normalized, Words words) {
        List<Hit> hits = new ArrayList<>();
        for (int index = 0; index < table.size(); index++) {
            for (PhraseMatcher phrase : table.get(index)) {
                int[] found = phrase.find(words);
                if (found != null) {
                    hits.add(new Hit(index, phrase.phrase(), normalized.originalStart(words.start(found[0])),
                            normalized.originalEnd(words.end(found[1]))));
                    break;
                }
            }
        }
        return hits;
    }

    /**
     * A rule or marking a text holds.
     *
     * @param index  the rule's or marking's index in the table
     * @param phrase its first phrase the text holds, as written
     * @param start  where that phrase first occurs, a UTF-16 offset in the text as given
     * @param end    just past it
     */
    public record Hit(int index, String phrase, int start, int end) {
    }

    /**
     * What a text holds.
     *
     * @param rules    the domain rules it holds, in rule order (fallback rules too)
     * @param markings the markings it carries, in marking order
     */
    public record Found(List<Hit> rules, List<Hit> markings) {

        public Found {
            rules = List.copyOf(rules);
            markings = List.copyOf(markings);
        }
    }
}

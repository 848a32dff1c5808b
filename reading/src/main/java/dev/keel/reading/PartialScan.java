package dev.keel.reading;

import dev.keel.core.ConfigurationException;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Recogniser;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the filter looks for under {@code PARTIAL}: the kinds that ship (one {@link PartialRedactor} scan for figures,
 * identifiers, amounts, percentages and dates, reading the number words of the chosen languages; the credential
 * patterns) and the host's {@link Recogniser}s. A scan reports what the kinds withhold, and what the scan found of a
 * kind that is kept: the filter leaves a digit there (it withholds every other digit that nothing found).
 * Immutable and thread-safe.
 */
final class PartialScan {

    /** Receives what a scan withholds and what it keeps, in offsets of the normalised text. */
    interface Sink {
        void withhold(String redactionKind, String replacement, int start, int end);

        void keep(int start, int end);
    }

    private static final PartialScan STANDARD = new PartialScan(List.of(), List.of(NumberWords.ENGLISH));

    // In the order given, so that a scan reports the same spans in the same order every time.
    private final Map<String, Recogniser> hosts;
    private final List<NumberWords> languages;

    /**
     * A scan with the host's {@code recognisers} (built-in ones among them are ignored: they always run) reading
     * the number words of {@code languages}.
     *
     * @throws ConfigurationException when a recogniser's kind is not canonical, is a built-in one or is given twice,
     *                                or its placeholder holds something PARTIAL withholds
     */
    PartialScan(List<Recogniser> recognisers, List<NumberWords> languages) {
        Map<String, Recogniser> byKind = new LinkedHashMap<>();
        for (Recogniser recogniser : recognisers) {
            if (recogniser instanceof BuiltInRecogniser) {
                continue;
            }
            String kind = recogniser.kind();
            if (kind == null || !kind.matches("[a-z0-9]+(?:[._:][a-z0-9]+)*")) {
                throw new ConfigurationException("a recogniser's kind must be lower-case letters and digits, words"
                        + " joined by one of _ . : (for example iban), found \"" + kind + "\"");
            }
            if (BuiltInRecogniser.isBuiltIn(kind) || byKind.containsKey(kind)) {
                throw new ConfigurationException("the recogniser kind " + kind + " is given twice (or ships with"
                        + " Keel): one recogniser per kind");
            }
            Optional<String> problem = withheldProblem(recogniser.placeholder());
            if (problem.isPresent()) {
                throw new ConfigurationException("the placeholder of the recogniser kind " + kind + " "
                        + problem.get());
            }
            byKind.put(kind, recogniser);
        }
        if (languages.isEmpty()) {
            throw new ConfigurationException("PARTIAL must read the number words of at least one language");
        }
        this.hosts = Collections.unmodifiableMap(byKind);
        this.languages = List.copyOf(languages);
    }

    /**
     * What is wrong with {@code shown}, a text the filter puts in an answer and does not read again (a restriction's
     * replacement, a recogniser's placeholder), if it holds what PARTIAL withholds: it is shown in PARTIAL answers
     * too, where no figure may appear.
     */
    static Optional<String> withheldProblem(String shown) {
        NormalizedText text = NormalizedText.ofMarkup(shown);
        List<String> withheld = new ArrayList<>();
        PartialRedactor.scan(text, (kind, start, end) -> withheld.add(shown
                .substring(text.originalStart(start), text.originalEnd(end))));
        return withheld.isEmpty() ? Optional.empty() : Optional.of("must not contain a figure or anything else"
                + " PARTIAL withholds, since it is shown in PARTIAL answers too: found \"" + withheld.get(0) + "\"");
    }

    /** The kinds that ship, English number words. */
    static PartialScan standard() {
        return STANDARD;
    }

    /**
     * Checks that every kind of {@code kinds} can be recognised.
     *
     * @throws ConfigurationException naming a kind that neither ships nor has a recogniser
     */
    void check(PartialKinds kinds) {
        for (String kind : kinds.withheld()) {
            if (!BuiltInRecogniser.isBuiltIn(kind) && !hosts.containsKey(kind)) {
                throw new ConfigurationException("PARTIAL is to withhold the kind " + kind + ", which does not ship"
                        + " with Keel and has no recogniser: give the filter or the policy one");
            }
        }
    }

    /** The longest span of the kinds {@code kinds} withholds beyond the scan's own, or 0. */
    int longestMatch(PartialKinds kinds) {
        int longest = 0;
        for (String kind : kinds.withheld()) {
            Recogniser recogniser = hosts.get(kind);
            if (recogniser != null) {
                longest = Math.max(longest, recogniser.longestMatch());
            } else if (kind.equals(PartialKinds.CREDENTIALS)) {
                longest = Recogniser.UNBOUNDED;
            }
        }
        return longest;
    }

    /**
     * Reports to {@code sink} what {@code kinds} withholds in {@code text}, and what the scan found of kept kinds. The
     * host's spans come first, then the credentials, then the scan's: of redactions that start and end together, the
     * first found names the kind, and a host's kind is the more specific.
     */
    void scan(NormalizedText text, PartialKinds kinds, Sink sink, Steps steps) {
        for (Recogniser recogniser : hosts.values()) {
            if (kinds.withholds(recogniser.kind())) {
                String kind = recogniser.kind();
                String placeholder = recogniser.placeholder();
                int length = text.text().length();
                recogniser.find(text, (start, end) -> {
                    if (start < 0 || end > length || start > end) {
                        throw new ConfigurationException("the recogniser of kind " + kind + " reported a span ("
                                + start + ", " + end + ") outside the text of length " + length);
                    }
                    if (start < end) {
                        sink.withhold(kind, placeholder, start, end);
                    }
                });
            }
        }
        if (kinds.withholds(PartialKinds.CREDENTIALS)) {
            String placeholder = BuiltInRecogniser.credentialPlaceholder();
            BuiltInRecogniser.credentials(text, (start, end) ->
                    sink.withhold(PartialKinds.CREDENTIALS, placeholder, start, end));
        }
        PartialRedactor.scan(text, languages, (partialKind, redactionKind, start, end) -> {
            if (kinds.withholds(partialKind)) {
                sink.withhold(redactionKind, PartialRedactor.placeholder(redactionKind), start, end);
            } else {
                sink.keep(start, end);
            }
        }, steps);
    }
}

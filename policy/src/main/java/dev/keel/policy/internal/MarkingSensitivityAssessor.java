package dev.keel.policy.internal;

import dev.keel.core.Principal;
import dev.keel.core.ReasonCodes;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.Marking;
import dev.keel.policy.Sensitivity;
import dev.keel.policy.SensitivityAssessor;
import dev.keel.policy.SensitivityDecision;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@link SensitivityAssessor}: clearances and domains compared in canonical form, markings found by
 * {@link #carries}. Immutable, pure and thread-safe.
 */
public final class MarkingSensitivityAssessor implements SensitivityAssessor {

    private final Set<String> clearances = new LinkedHashSet<>();
    private final Set<String> domains = new LinkedHashSet<>();
    private final List<Marking> markings;
    // Per marking, per phrase: its words, case-folded unless the marking is case-sensitive.
    private final List<List<List<String>>> phraseWords = new ArrayList<>();

    public MarkingSensitivityAssessor(Sensitivity sensitivity) {
        Objects.requireNonNull(sensitivity, "sensitivity");
        sensitivity.internalOnlyClearances().forEach(c -> clearances.add(Identifiers.canonical(c)));
        sensitivity.internalOnlyDomains().forEach(d -> domains.add(Identifiers.canonical(d)));
        this.markings = sensitivity.markings();
        for (Marking marking : markings) {
            List<List<String>> phrases = new ArrayList<>();
            for (String phrase : marking.phrases()) {
                phrases.add(words(fold(phrase, marking.caseSensitive())));
            }
            phraseWords.add(phrases);
        }
    }

    @Override
    public SensitivityDecision assess(Collection<Principal> principals, Collection<String> requested,
            @Nullable String prompt) {
        List<String> rules = new ArrayList<>();
        ReasonCodes.Builder codes = ReasonCodes.builder();
        Set<String> seen = new LinkedHashSet<>();
        for (Principal principal : principals) {
            String clearance = principal == null ? null : Identifiers.canonical(principal.clearance());
            if (clearance != null && clearances.contains(clearance) && seen.add("clearance " + clearance)) {
                rules.add("clearance " + clearance);
                codes.add("internal_only_clearance");
            }
        }
        for (String domain : requested) {
            String canonical = Identifiers.canonical(domain);
            if (domains.contains(canonical) && seen.add("domain " + canonical)) {
                rules.add("domain " + canonical);
                codes.add("internal_only_domain");
            }
        }
        if (!markings.isEmpty() && prompt != null) {
            String sensitive = fold(prompt, true);
            String folded = sensitive.toLowerCase(Locale.ROOT);
            for (int m = 0; m < markings.size(); m++) {
                Marking marking = markings.get(m);
                String text = marking.caseSensitive() ? sensitive : folded;
                if (phraseWords.get(m).stream().anyMatch(words -> carries(text, words))) {
                    rules.add("marking " + marking.id());
                    codes.add("internal_only_marking");
                }
            }
        }
        return rules.isEmpty() ? SensitivityDecision.externalAllowed()
                : new SensitivityDecision(true, rules, codes.build());
    }

    /**
     * The text a marking is looked for in: what a reader sees (invisible characters and accents removed,
     * compatibility forms folded: {@link NormalizedText}, so {@code tóp} reads {@code top}), lower-cased unless the
     * marking is case-sensitive.
     */
    static String fold(String text, boolean caseSensitive) {
        String normalized = NormalizedText.of(text).text();
        return caseSensitive ? normalized : normalized.toLowerCase(Locale.ROOT);
    }

    /** The runs of letters and digits of {@code phrase}. */
    static List<String> words(String phrase) {
        List<String> words = new ArrayList<>();
        int i = 0;
        while (i < phrase.length()) {
            int start = i;
            while (i < phrase.length() && isWordChar(phrase.codePointAt(i))) {
                i += Character.charCount(phrase.codePointAt(i));
            }
            if (i > start) {
                words.add(phrase.substring(start, i));
            } else {
                i += Character.charCount(phrase.codePointAt(i));
            }
        }
        return words;
    }

    /**
     * Whether {@code text} holds {@code words} in order, the first not preceded and the last not followed by a
     * letter or digit, with any run (possibly empty) of other characters between two words: {@code top secret},
     * {@code TOP-SECRET}, {@code top/secret}, {@code topsecret} and {@code TS//SCI} all carry their words, while
     * {@code stop secretly} does not carry {@code top secret}. Linear in the text for each starting place of the
     * first word.
     */
    static boolean carries(String text, List<String> words) {
        if (words.isEmpty()) {
            return false;
        }
        String first = words.get(0);
        for (int start = text.indexOf(first); start >= 0; start = text.indexOf(first, start + 1)) {
            if (start > 0 && isWordChar(text.codePointBefore(start))) {
                continue;
            }
            int i = start + first.length();
            boolean matched = true;
            for (int w = 1; w < words.size() && matched; w++) {
                while (i < text.length() && !isWordChar(text.codePointAt(i))) {
                    i += Character.charCount(text.codePointAt(i));
                }
                matched = text.startsWith(words.get(w), i);
                i += words.get(w).length();
            }
            if (matched && (i >= text.length() || !isWordChar(text.codePointAt(i)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isWordChar(int cp) {
        return Character.isLetterOrDigit(cp);
    }
}

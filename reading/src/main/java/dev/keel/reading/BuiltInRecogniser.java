package dev.keel.reading;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.keel.core.Cancellation;
import dev.keel.core.InvalidInputException;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import dev.keel.policy.RestrictionSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The recognisers that ship: one per kind of {@link PartialKinds#BUILT_IN}. Figures, identifiers, amounts,
 * percentages and dates are the kinds of one {@link PartialRedactor} scan, which the filter runs once for all of them
 * ({@link PartialScan}); on its own, each reports the spans of its kind (English number words). Credentials are the
 * patterns of {@link RestrictionSet#CREDENTIALS} on RE2/J. Immutable and thread-safe.
 */
final class BuiltInRecogniser implements Recogniser {

    /**
     * How far the constructs of the scan reach, in visible characters: a date, figure, period or amount as it is
     * written, a small part of the streaming filter's window.
     */
    static final int SCAN_LONGEST_MATCH = 64;

    private static final RestrictionSet CREDENTIAL_SET = RestrictionSet.named(RestrictionSet.CREDENTIALS).orElseThrow();
    private static final List<Pattern> CREDENTIAL_PATTERNS = CREDENTIAL_SET.patterns().stream()
            .map(Pattern::compile).toList();
    private static final Map<String, BuiltInRecogniser> BY_KIND = PartialKinds.BUILT_IN.stream()
            .collect(Collectors.toUnmodifiableMap(Function.identity(), BuiltInRecogniser::new));

    private final String kind;

    private BuiltInRecogniser(String kind) {
        this.kind = kind;
    }

    /** The recogniser of the built-in {@code kind}. */
    static BuiltInRecogniser of(String kind) {
        BuiltInRecogniser recogniser = BY_KIND.get(kind);
        if (recogniser == null) {
            throw new InvalidInputException("not a built-in kind: " + kind);
        }
        return recogniser;
    }

    /** Whether {@code kind} is one that ships. */
    static boolean isBuiltIn(String kind) {
        return BY_KIND.containsKey(kind);
    }

    @Override
    public String kind() {
        return kind;
    }

    @Override
    public void find(NormalizedText text, Spans spans) {
        if (kind.equals(PartialKinds.CREDENTIALS)) {
            credentials(text, spans);
        } else {
            PartialRedactor.scan(text, List.of(NumberWords.ENGLISH), (partialKind, redactionKind, start, end) -> {
                if (partialKind.equals(kind)) {
                    spans.span(start, end);
                }
            }, new Steps());
        }
    }

    /** Reports what the credential patterns match in {@code text}. */
    static void credentials(NormalizedText text, Spans spans) {
        for (Pattern pattern : CREDENTIAL_PATTERNS) {
            Matcher matcher = pattern.matcher(text.text());
            while (matcher.find()) {
                Cancellation.checkpoint();
                if (matcher.end() > matcher.start()) {
                    spans.span(matcher.start(), matcher.end());
                }
            }
        }
    }

    /** The replacement of a credential: the set's. */
    static String credentialPlaceholder() {
        return CREDENTIAL_SET.replacement();
    }

    @Override
    public int longestMatch() {
        // A private key's block runs to its END line, however long.
        return kind.equals(PartialKinds.CREDENTIALS) ? UNBOUNDED : SCAN_LONGEST_MATCH;
    }

    @Override
    public String placeholder() {
        return kind.equals(PartialKinds.CREDENTIALS) ? credentialPlaceholder()
                : PartialRedactor.placeholder(switch (kind) {
                    case PartialKinds.AMOUNTS -> Redaction.MONEY;
                    case PartialKinds.PERCENTAGES -> Redaction.PERCENTAGE;
                    case PartialKinds.DATES -> Redaction.DATE;
                    default -> Redaction.NUMBER;
                });
    }

    @Override
    public String toString() {
        return "Recogniser{" + kind + "}";
    }
}

package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.keel.core.Decision;
import dev.keel.core.text.LinearPatterns;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/** Restriction patterns on the linear-time engine: the same matches for the MARP policy, no pattern can hang. */
class RestrictionPatternProperties {

    /**
     * A deadline for liveness, not a bound on speed: on a backtracking engine these inputs take exponential time (years
     * at these lengths), on RE2/J milliseconds, so a generous deadline tells them apart on any machine.
     */
    private static final Duration LIVENESS = Duration.ofSeconds(30);

    /** The restriction patterns of the MARP policies (the example's and the tests'). */
    static final List<String> MARP = List.of(
            "\\b[A-Z]{2,4}-\\d{2,4}[A-Z]?\\b",
            "(?i)\\b(?:hull|boat|unit|vessel|pennant)\\s+(?:no\\.?\\s*|number\\s+|#\\s*)?\\d{1,4}[a-z]?\\b",
            "(?i)\\b(?:broken down|breakdown|split)\\s+by\\s+(?:vendor|supplier|contractor)s?\\b[^.\\n]*",
            "\\b(?i:vendor|supplier|contractor)s?\\s*:?\\s+[A-Z][\\w&-]*(?:\\s+[A-Z][\\w&-]*)*",
            "(?i)\\b(?:of\\s+)?(?:hull|boat|unit|vessel|pennant)\\s+(?:no\\.?\\s*|number\\s+|#\\s*)?[A-Z]{0,4}-?\\d{1,4}[A-Z]?\\b",
            "\\b[A-Z]{1,4}-\\d{2,4}[A-Z]?\\b",
            "(?i:of which)\\s+[^.;]*?\\b(?i:vendor|supplier|contractor)s?\\b[^.;]*");

    /**
     * On ASCII text (where RE2's ASCII {@code \b} and {@code \w} agree with the JDK's) without a vertical tab (which
     * RE2's {@code \s} leaves out), RE2/J finds exactly what {@code java.util.regex} finds.
     */
    @Test
    void marpPatternsMatchAsTheyDidOnTheBacktrackingEngine() {
        Property.forAll(marpTexts()).tries(1000).check(text -> {
            for (String regex : MARP) {
                com.google.re2j.Matcher linear = com.google.re2j.Pattern.compile(regex).matcher(text);
                java.util.regex.Matcher backtracking = java.util.regex.Pattern.compile(regex).matcher(text);

                assertThat(matches(linear::find, linear::start, linear::end)).as("%s on %s", regex, text)
                        .isEqualTo(matches(backtracking::find, backtracking::start, backtracking::end));
            }
        });
    }

    @Test
    void theMarpPatternsAreFarBelowTheSizeLimit() {
        for (String regex : MARP) {
            assertThat(LinearPatterns.programSizeBound(regex)).as(regex)
                    .isLessThan(LinearPatterns.MAX_PROGRAM_SIZE / 4);
        }
    }

    @Test
    void theIssuesCatastrophicPatternReturnsAtOnce() {
        var filter = OutboundFilter.create(List.of(QualitativeRestriction.of("nested", List.of("((a*)*)*b"))));

        FilteredText filtered = assertTimeoutPreemptively(LIVENESS,
                () -> filter.apply(Decision.ALLOW, "a".repeat(30)));

        assertThat(filtered.redactions()).isEmpty();
    }

    /** Either the pattern is refused when the policy is loaded, or filtering with it is quick whatever the text. */
    @Test
    void nestedQuantifiersCannotHangTheFilter() {
        Property.forAll(catastrophicPatterns(), Gen.integers(20, 2000)).tries(100).check((regex, length) -> {
            String text = "a".repeat(length) + "!";
            OutboundFilter filter;
            try {
                filter = OutboundFilter.create(List.of(QualitativeRestriction.of("nested", List.of(regex))));
            } catch (PolicyValidationException e) {
                assertThat(e.getMessage()).contains("is too large");
                return;
            }

            FilteredText filtered = assertTimeoutPreemptively(LIVENESS,
                    () -> filter.apply(Decision.ALLOW, text));

            assertThat(filtered.text()).endsWith("!");
        });
    }

    /** Patterns that make a backtracking engine try exponentially many ways to fail on "aaa…a!". */
    private static Gen<String> catastrophicPatterns() {
        Gen<String> quantifier = Gen.of("*", "+", "{1,}", "{0,40}");
        Gen<String> atom = Gen.of("a", "(?:a?)", "(?:a|a)", "(?:a|aa)", "\\w", "[a-z]");
        Gen<Integer> depths = Gen.integers(1, 3);
        Gen<String> nested = c -> {
            String a = atom.generate(c);
            String q1 = quantifier.generate(c);
            String q2 = quantifier.generate(c);
            String q3 = quantifier.generate(c);
            return switch (depths.generate(c)) {
                case 1 -> "(?:" + a + q1 + ")" + q2;
                case 2 -> "(?:(?:" + a + q1 + ")" + q2 + ")" + q3;
                default -> "((" + a + q1 + ")" + q2 + "(" + a + q3 + ")" + q1 + ")" + q2;
            };
        };
        Gen<String> failing = Gen.of("b", "$", "\\d", "[^a!]", "(?:b|c)");
        return c -> nested.generate(c) + failing.generate(c);
    }

    private static Gen<String> marpTexts() {
        Gen<String> words = Gen.of("hull", "Hull", "boat", "of", "which", "vendor", "Vendors",
                "supplier", "split", "by", "broken", "down", "breakdown", "no.", "number", "#", "SSN-774", "A-12",
                "12", "774", "Acme", "Marine", "Northern", "Yards", "40%", ".", ";", ",", ":", "the", "unit", "UNIT",
                "vessel", "pennant", "F-35B", "x", "\n", "contractors", "&", "_", "Q3");
        Gen<String> separators = Gen.of(" ", " ", "", "-", "\n", "  ", "\t", "\r\n");
        Gen<String> part = c -> words.generate(c).concat(separators.generate(c));
        return part.list().ofMaxSize(30).map(parts -> String.join("", parts));
    }

    private static List<String> matches(BooleanSupplier find, IntSupplier start, IntSupplier end) {
        List<String> found = new ArrayList<>();
        while (find.getAsBoolean()) {
            found.add(start.getAsInt() + "-" + end.getAsInt());
        }
        return found;
    }
}

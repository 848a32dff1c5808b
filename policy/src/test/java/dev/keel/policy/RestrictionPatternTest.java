package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RestrictionPatternTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "(?=hull)\\w+           | uses lookaround ((?=), which is not supported: restriction patterns run on a linear-time engine",
        "hull(?!s)              | uses lookaround ((?!)",
        "(?<=hull )\\d+         | uses lookaround ((?<=)",
        "(?<!no )\\d+           | uses lookaround ((?<!)",
        "(a)\\1                 | uses a back-reference (\\1), which is not supported",
        "(?<n>a)\\k<n>          | uses a back-reference (\\k)",
        "(unclosed              | is not a valid regular expression: Unclosed group near index 9",
        "a)                     | is not a valid regular expression: Unmatched closing ')'",
        "a*+                    | is not supported: restriction patterns run on a linear-time engine (RE2 syntax), which reports invalid nested repetition operator at `*+`",
        "(?>atomic)             | which reports invalid or unsupported Perl syntax at `(?>`",
        "\\h+                   | which reports invalid escape sequence at `\\h`",
        "(?:(?:a?){40}){25}     | is too large: restriction patterns run on a linear-time engine (RE2 syntax), and this pattern compiles to up to",
    })
    void aPatternTheEngineCannotRunIsRefusedWithTheReason(String pattern, String message) {
        assertThat(QualitativeRestriction.violations(List.of(QualitativeRestriction.of("ids", List.of("x", pattern)))))
                .singleElement().satisfies(v -> {
                    assertThat(v.pointer()).isEqualTo("/restrictions/0/patterns/1");
                    assertThat(v.message()).contains(message);
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"(?i)\\bhull\\s+\\d{1,4}\\b", "(?i:of which)\\s+[^.;]*?\\bvendors?\\b", "\\x{e9}t\\p{L}+",
        "(?P<id>[A-Z]{2,4})-\\d+", "[[:alpha:]]+-\\d", "\\Q1.5\\E", "((a*)*)*b"})
    void re2SyntaxIsAccepted(String pattern) {
        assertThat(PolicyFormat.patternProblem(pattern)).isEmpty();
    }
}

package dev.keel.policy.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class PatternSizeProperties {

    private static final String[] ATOMS = {"a", "B", "\\.", "\\d", "\\w", "\\s", "\\b", "[a-c]", "[^]a]", "[[:alpha:]x]",
        "[\\]a]", "\\x{e9}", "\\p{L}", "\\pN", "\\Qa.b\\E", ".", "^", "$", "(?i)", "(?i:ab)", "{", "}", "a{,2}"};
    private static final String[] QUANTIFIERS = {"", "", "*", "+", "?", "*?", "{2}", "{0,3}", "{1,}", "{2,5}?", "{12}"};

    @Property(tries = 2000)
    void theEstimateIsNeverBelowTheCompiledProgram(@ForAll("regexes") String regex) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            Assume.that(false);
            return;
        }

        assertThat(PatternSize.estimate(regex)).as(regex).isGreaterThanOrEqualTo(instructions(pattern));
    }

    @Test
    void theMarpPatternsAreFarBelowTheLimit() {
        for (String regex : RestrictionPatternProperties.MARP) {
            assertThat(PatternSize.estimate(regex)).as(regex).isLessThan(PatternSize.LIMIT / 4);
        }
    }

    @Test
    void emptyAlternativesAndGroupsAreCounted() {
        for (String regex : new String[] {"(((a|(?i))*))*", "((?i))", "a|", "(|b)*", "()"}) {
            assertThat(PatternSize.estimate(regex)).as(regex).isGreaterThanOrEqualTo(instructions(Pattern.compile(regex)));
        }
    }

    @Test
    void nestedCountsMultiply() {
        assertThat(PatternSize.estimate("(?:(?:a?){40}){25}b")).isGreaterThan(1000);
        assertThat(PatternSize.estimate("((a*)*)*b")).isLessThan(20);
    }

    @Provide
    Arbitrary<String> regexes() {
        Arbitrary<String> atom = Combinators.combine(Arbitraries.of(ATOMS), Arbitraries.of(QUANTIFIERS))
                .as(String::concat);
        return Arbitraries.recursive(() -> atom, inner -> Arbitraries.oneOf(
                Combinators.combine(inner, inner).as(String::concat),
                Combinators.combine(inner, inner).as((a, b) -> a + "|" + b),
                Combinators.combine(Arbitraries.of("(", "(?:", "(?P<n>", "(?i:"), inner, Arbitraries.of(QUANTIFIERS))
                        .as((open, r, q) -> open + r + ")" + q)), 4);
    }

    // Test only: RE2/J does not publish its program's size.
    private static int instructions(Pattern pattern) {
        try {
            Method re2 = Pattern.class.getDeclaredMethod("re2");
            re2.setAccessible(true);
            Object compiled = re2.invoke(pattern);
            Field prog = compiled.getClass().getDeclaredField("prog");
            prog.setAccessible(true);
            Object program = prog.get(compiled);
            Method numInst = program.getClass().getDeclaredMethod("numInst");
            numInst.setAccessible(true);
            return (int) numInst.invoke(program);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("RE2/J's program size cannot be read", e);
        }
    }
}

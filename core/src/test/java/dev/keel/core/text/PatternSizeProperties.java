package dev.keel.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

class PatternSizeProperties {

    private static final String[] ATOMS = {"a", "B", "\\.", "\\d", "\\w", "\\s", "\\b", "[a-c]", "[^]a]", "[[:alpha:]x]",
        "[\\]a]", "\\x{e9}", "\\p{L}", "\\pN", "\\Qa.b\\E", ".", "^", "$", "(?i)", "(?i:ab)", "{", "}", "a{,2}"};
    private static final String[] QUANTIFIERS = {"", "", "*", "+", "?", "*?", "{2}", "{0,3}", "{1,}", "{2,5}?", "{12}"};

    @Test
    void theEstimateIsNeverBelowTheCompiledProgram() {
        Property.forAll(regexes(4)).tries(2000).check(regex -> {
            Pattern pattern;
            try {
                pattern = Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                Property.assume(false);
                return;
            }

            assertThat(PatternSize.estimate(regex)).as(regex).isGreaterThanOrEqualTo(instructions(pattern));
        });
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

    /** Regular expressions {@code depth} levels deep: two joined, two alternatives or one grouped, down to atoms. */
    private static Gen<String> regexes(int depth) {
        Gen<String> atoms = Gen.of(ATOMS);
        Gen<String> quantifiers = Gen.of(QUANTIFIERS);
        if (depth == 0) {
            return choices -> atoms.generate(choices) + quantifiers.generate(choices);
        }
        Gen<String> inner = regexes(depth - 1);
        Gen<String> opens = Gen.of("(", "(?:", "(?P<n>", "(?i:");
        return Gen.oneOf(
                choices -> inner.generate(choices) + inner.generate(choices),
                choices -> inner.generate(choices) + "|" + inner.generate(choices),
                choices -> opens.generate(choices) + inner.generate(choices) + ")" + quantifiers.generate(choices));
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

package dev.keel.core;

import dev.keel.core.text.UnicodeText;
import java.util.EnumSet;
import java.util.Set;

/**
 * The scenario flag of a prompt (seed 000): {@code SCENARIO 1}, {@code 2} or {@code 3} selects the evidence
 * (§3.3) and is the {@code <scenario_tag>} of the routing key (§3.4.1). One definition, so that evidence routing
 * and model routing always agree on it.
 *
 * <p>A prompt mentions scenario k when it holds "scenario" in any case, not preceded by a letter or digit, then
 * white space (Unicode {@code White_Space}), hyphens or underscores (or nothing), then the digit k, not followed by another digit:
 * {@code SCENARIO 2}, {@code scenario-2}, {@code Scenario2} count; {@code SCENARIO 12} and {@code subscenario 2}
 * do not. When a prompt mentions several, the seed's order decides: 1 before 2 before 3.
 *
 * <p>Pure functions; immutable and thread-safe.
 */
public enum Scenario {
    NONE("0"),
    SCENARIO_1("1"),
    SCENARIO_2("2"),
    SCENARIO_3("3");

    private static final String WORD = "scenario";
    private static final Scenario[] BY_DIGIT = {NONE, SCENARIO_1, SCENARIO_2, SCENARIO_3};

    private final String tag;

    Scenario(String tag) {
        this.tag = tag;
    }

    /** {@code "0"} to {@code "3"}: the routing key's {@code <scenario_tag>}. */
    public String tag() {
        return tag;
    }

    /** The scenario that decides for {@code prompt}: the lowest one mentioned, else {@link #NONE}. Null is NONE. */
    public static Scenario detect(String prompt) {
        Set<Scenario> mentioned = mentioned(prompt);
        return mentioned.isEmpty() ? NONE : mentioned.iterator().next();
    }

    /** Every scenario {@code prompt} mentions, in ascending order; empty for none (or null). */
    public static Set<Scenario> mentioned(String prompt) {
        Set<Scenario> found = EnumSet.noneOf(Scenario.class);
        if (prompt == null) {
            return found;
        }
        int length = WORD.length();
        for (int i = 0, last = prompt.length() - length; i <= last; i++) {
            char c = prompt.charAt(i);
            if ((c != 's' && c != 'S') || !prompt.regionMatches(true, i, WORD, 0, length)
                    || i > 0 && isLetterOrNumber(prompt.codePointBefore(i))) {
                continue;
            }
            int j = i + length;
            while (j < prompt.length() && isSeparator(prompt.charAt(j))) {
                j++;
            }
            if (j < prompt.length() && prompt.charAt(j) >= '1' && prompt.charAt(j) <= '3'
                    && (j + 1 == prompt.length() || !isNumber(prompt.codePointAt(j + 1)))) {
                found.add(BY_DIGIT[prompt.charAt(j) - '0']);
            }
            i = j - 1;
        }
        return found;
    }

    private static boolean isSeparator(char c) {
        return c == '-' || c == '_' || UnicodeText.isWhiteSpace(c);
    }

    private static boolean isLetterOrNumber(int cp) {
        return Character.isLetter(cp) || isNumber(cp);
    }

    private static boolean isNumber(int cp) {
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }
}

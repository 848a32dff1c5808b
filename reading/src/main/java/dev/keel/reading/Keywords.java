package dev.keel.reading;

import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The words the PARTIAL scanner gives a role, other than number words ({@link NumberWords}): month names, scales,
 * currencies, percent words, week words, range words, and the words after which a month name alone is a date.
 * Words are looked up in lower case without marks (see {@link PartialRedactor}). Immutable and thread-safe.
 */
final class Keywords {

    /** What a word can be in a construct. */
    enum Role {
        MONTH, MONTH_ABBREVIATION, SCALE, SCALE_WITH_DOT, CURRENCY_CODE, CURRENCY_WORD, PERCENT_WORD, WEEK,
        WEEK_WITH_DOT, RANGE_WORD, TEMPORAL
    }

    private static final Map<String, Set<Role>> ROLES = new HashMap<>();

    static {
        add(Role.MONTH, "january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december");
        add(Role.MONTH_ABBREVIATION, "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec");
        add(Role.SCALE, "k", "m", "bn", "b", "mn", "mln", "tn", "thousand", "million", "billion", "trillion", "mio", "mrd");
        add(Role.SCALE_WITH_DOT, "mio", "mrd");
        add(Role.CURRENCY_CODE, "usd", "eur", "gbp", "chf", "jpy", "cad", "aud");
        add(Role.CURRENCY_WORD, "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "dollar", "dollars", "euro", "euros",
                "pound", "pounds");
        add(Role.PERCENT_WORD, "percent", "pct", "pp");
        add(Role.WEEK, "week", "weeks", "wk", "wks", "cw", "kw");
        add(Role.WEEK_WITH_DOT, "wk", "wks");
        add(Role.RANGE_WORD, "to", "through", "thru", "until", "till", "and", "or");
        add(Role.TEMPORAL, "in", "by", "during", "until", "till", "from", "since", "before", "after", "through",
                "early", "mid", "late");
    }

    private Keywords() {
    }

    private static void add(Role role, String... words) {
        for (String word : words) {
            ROLES.computeIfAbsent(word, w -> EnumSet.noneOf(Role.class)).add(role);
        }
    }

    /** True when {@code word} (lower case, without marks) can play {@code role}. */
    static boolean is(String word, Role role) {
        Set<Role> roles = ROLES.get(word);
        return roles != null && roles.contains(role);
    }
}

package dev.keel.examples.marp.reasoning;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds figures in a text and the ones a commentary states that its evidence does not. A heuristic check for
 * seed 000's "do not invent numerical values": numbers compare by value ({@code 0.80} is {@code 0.8},
 * {@code 1,200} is {@code 1200}); digits inside a word ({@code Q3}) and list numbering at the start of a line
 * ({@code 1.}, {@code 2)}) are not figures.
 * Pure and thread-safe.
 */
final class EvidenceNumbers {

    /** A figure standing on its own: not the digit of a word such as {@code Q3} or {@code A1}. */
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?");
    private static final Pattern LIST_MARKER = Pattern.compile("(?m)^\\s*\\d+[.)]\\s");

    private EvidenceNumbers() {
    }

    /** The figures of {@code text} absent from {@code evidence}, once each, in order of appearance. */
    static List<String> notIn(String text, String evidence) {
        Set<BigDecimal> known = new HashSet<>();
        for (String figure : figures(evidence)) {
            known.add(value(figure));
        }
        List<String> missing = new ArrayList<>();
        Set<BigDecimal> reported = new HashSet<>();
        for (String figure : figures(LIST_MARKER.matcher(text).replaceAll(" "))) {
            BigDecimal value = value(figure);
            if (!known.contains(value) && reported.add(value)) {
                missing.add(figure);
            }
        }
        return missing;
    }

    private static List<String> figures(String text) {
        List<String> figures = new ArrayList<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            figures.add(matcher.group());
        }
        return figures;
    }

    private static BigDecimal value(String figure) {
        BigDecimal value = new BigDecimal(figure.replace(",", "")).stripTrailingZeros();
        // 0 and 0.0 must compare equal in the set
        return value.signum() == 0 ? BigDecimal.ZERO : value;
    }
}

package dev.keel.examples.marp.reasoning;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds figures in a text and the ones a commentary states that its evidence does not. A heuristic check of "do
 * not invent numerical values": numbers compare by value ({@code 0.80} is {@code 0.8},
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
        Set<String> known = new HashSet<>();
        for (String figure : figures(evidence)) {
            known.add(value(figure));
        }
        List<String> missing = new ArrayList<>();
        Set<String> reported = new HashSet<>();
        for (String figure : figures(LIST_MARKER.matcher(text).replaceAll(" "))) {
            String value = value(figure);
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

    /**
     * The figure's value as a canonical text: grouping commas, leading zeros and trailing fraction zeros dropped, so
     * that {@code 0.80} and {@code 0.8}, {@code 1,200} and {@code 1200} are one value. Text, not {@code BigDecimal}:
     * linear in the figure's length, however many digits a reply writes.
     */
    private static String value(String figure) {
        String plain = figure.replace(",", "");
        int point = plain.indexOf('.');
        String whole = point < 0 ? plain : plain.substring(0, point);
        String fraction = point < 0 ? "" : plain.substring(point + 1);
        int start = 0;
        while (start < whole.length() - 1 && whole.charAt(start) == '0') {
            start++;
        }
        int end = fraction.length();
        while (end > 0 && fraction.charAt(end - 1) == '0') {
            end--;
        }
        return whole.substring(start) + (end == 0 ? "" : "." + fraction.substring(0, end));
    }
}

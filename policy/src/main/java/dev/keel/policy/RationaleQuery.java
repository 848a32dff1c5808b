package dev.keel.policy;

import dev.keel.core.Decision;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The query that retrieves a decision's rationale: words naming the decision, its reason codes and the
 * requested domains, with {@code _ . :} read as spaces. Pure and thread-safe.
 */
final class RationaleQuery {

    private RationaleQuery() {
    }

    public static String of(Decision decision, List<String> reasonCodes, Collection<String> domains) {
        StringBuilder query = new StringBuilder(decisionWords(decision));
        for (String code : reasonCodes) {
            query.append(' ').append(words(code));
        }
        for (String domain : domains) {
            query.append(' ').append(words(domain));
        }
        return query.toString();
    }

    // The words governance prose uses for each outcome, so that "denied" and "restricted" paragraphs match.
    private static String decisionWords(Decision decision) {
        switch (decision) {
            case DENY:
                return "deny denied denial refused access";
            case PARTIAL:
                return "partial restricted qualitative only no numbers dates";
            default:
                return "allow allowed access detail figures";
        }
    }

    private static String words(String name) {
        return name.replace('_', ' ').replace('.', ' ').replace(':', ' ').toLowerCase(Locale.ROOT);
    }
}

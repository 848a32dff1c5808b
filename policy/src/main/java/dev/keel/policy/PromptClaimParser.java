package dev.keel.policy;

import dev.keel.core.text.Names;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds "ROLE / CLEARANCE" claims in a prompt: {@code role: X}, {@code role = X}, {@code clearance: Y},
 * {@code clearance level: Y}, and {@code role / clearance: X / Y}, case-insensitive. A clearance may be written
 * {@code top secret} with a space. A separator ({@code :} or {@code =}) is required so that prose such as "the
 * role of crew readiness" claims nothing. Values are returned in canonical form. Pure and thread-safe.
 */
final class PromptClaimParser {

    private static final String NAME = "([\\p{L}\\p{N}][\\p{L}\\p{N}_-]*)";
    private static final String CLEARANCE = "(top[\\s_-]*secret|[\\p{L}\\p{N}][\\p{L}\\p{N}_-]*)";
    private static final Pattern COMBINED = Pattern.compile(
            "\\brole\\s*/\\s*clearance\\s*[:=]?\\s*" + NAME + "\\s*/\\s*" + CLEARANCE,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern ROLE = Pattern.compile("\\brole\\s*[:=]\\s*" + NAME,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    private static final Pattern CLEARANCE_CLAIM = Pattern.compile("\\bclearance(?:\\s+level)?\\s*[:=]\\s*" + CLEARANCE,
            Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);

    private PromptClaimParser() {
    }

    /** What a prompt claims: every distinct role and clearance, canonical, in order of appearance. */
    public record Claims(Set<String> roles, Set<String> clearances) {

        public boolean isEmpty() {
            return roles.isEmpty() && clearances.isEmpty();
        }

        public boolean isConflicting() {
            return roles.size() > 1 || clearances.size() > 1;
        }
    }

    public static Claims parse(String prompt) {
        Set<String> roles = new LinkedHashSet<>();
        Set<String> clearances = new LinkedHashSet<>();
        StringBuilder rest = new StringBuilder(prompt);
        Matcher combined = COMBINED.matcher(prompt);
        while (combined.find()) {
            roles.add(value(combined.group(1)));
            clearances.add(value(combined.group(2)));
            // Blank the combined claim so that its "clearance: <role>" part is not read again below.
            for (int i = combined.start(); i < combined.end(); i++) {
                rest.setCharAt(i, ' ');
            }
        }
        Matcher role = ROLE.matcher(rest);
        while (role.find()) {
            roles.add(value(role.group(1)));
        }
        Matcher clearance = CLEARANCE_CLAIM.matcher(rest);
        while (clearance.find()) {
            clearances.add(value(clearance.group(1)));
        }
        return new Claims(Collections.unmodifiableSet(roles), Collections.unmodifiableSet(clearances));
    }

    private static String value(String raw) {
        String canonical = Names.canonical(raw);
        int end = canonical.length();
        while (end > 0 && canonical.charAt(end - 1) == '_') {
            end--;
        }
        return canonical.substring(0, end);
    }
}

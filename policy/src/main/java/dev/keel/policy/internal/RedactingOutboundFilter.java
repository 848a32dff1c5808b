package dev.keel.policy.internal;

import dev.keel.core.Decision;
import dev.keel.policy.FilteredText;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * {@link OutboundFilter}: the qualitative restrictions (compiled once, searched by {@link RestrictionMatcher})
 * under ALLOW and PARTIAL, plus {@link PartialRedactor} under PARTIAL. Overlapping findings are merged into one
 * redaction of the kind of the one that starts first. Immutable and thread-safe.
 */
public final class RedactingOutboundFilter implements OutboundFilter {

    private final RestrictionMatcher matcher;
    // For each pattern, in the matcher's order: the restriction it belongs to.
    private final String[] restrictionIds;
    private final String[] replacements;

    public RedactingOutboundFilter(List<QualitativeRestriction> restrictions) {
        List<PolicyViolation> violations = PolicyValidation.validateRestrictions(restrictions);
        if (!violations.isEmpty()) {
            throw new PolicyValidationException(violations);
        }
        List<String> patterns = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<String> replacementTexts = new ArrayList<>();
        for (QualitativeRestriction restriction : restrictions) {
            for (String pattern : restriction.patterns()) {
                patterns.add(pattern);
                ids.add(restriction.id());
                replacementTexts.add(restriction.replacement());
            }
        }
        this.matcher = new RestrictionMatcher(patterns);
        this.restrictionIds = ids.toArray(String[]::new);
        this.replacements = replacementTexts.toArray(String[]::new);
    }

    @Override
    public FilteredText apply(Decision decision, String text) {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(text, "text");
        if (decision == Decision.DENY) {
            List<Redaction> all = text.isEmpty() ? List.of()
                    : List.of(new Redaction(Redaction.DENIED, 0, text.length(), text, ""));
            return new FilteredText(decision, "", all);
        }
        Spans spans = new Spans();
        matcher.find(text, (pattern, start, end) -> spans.add(restrictionIds[pattern], replacements[pattern], start, end));
        if (decision == Decision.PARTIAL) {
            PartialRedactor.scan(text, (kind, start, end) -> spans.add(kind, PartialRedactor.placeholder(kind), start, end));
        }
        return spans.isEmpty() ? new FilteredText(decision, text, List.of()) : spans.apply(decision, text);
    }

    private record Span(String kind, String replacement, int start, int end) {
    }

    /** Collected findings; merged and applied once at the end. Not thread-safe (one per call). */
    private static final class Spans {
        // Earliest first; of two starting together the longer first, so that it absorbs the other.
        private static final Comparator<Span> ORDER = Comparator.comparingInt(Span::start)
                .thenComparing(Comparator.comparingInt(Span::end).reversed());

        private final List<Span> found = new ArrayList<>();

        void add(String kind, String replacement, int start, int end) {
            found.add(new Span(kind, replacement, start, end));
        }

        boolean isEmpty() {
            return found.isEmpty();
        }

        FilteredText apply(Decision decision, String text) {
            if (!inOrder()) {
                found.sort(ORDER); // the PARTIAL scan alone reports in order: no sort
            }
            // Merge overlaps first, so that the output can be written into an array of its exact size: faster
            // than appending piece by piece to a StringBuilder.
            List<Redaction> redactions = new ArrayList<>(found.size());
            int length = text.length();
            int index = 0;
            while (index < found.size()) {
                Span first = found.get(index++);
                int end = first.end();
                while (index < found.size() && found.get(index).start() < end) {
                    end = Math.max(end, found.get(index++).end());
                }
                redactions.add(new Redaction(first.kind(), first.start(), end, text.substring(first.start(), end),
                        first.replacement()));
                length += first.replacement().length() - (end - first.start());
            }
            char[] out = new char[length];
            int written = 0;
            int copied = 0;
            for (Redaction redaction : redactions) {
                text.getChars(copied, redaction.start(), out, written);
                written += redaction.start() - copied;
                String replacement = redaction.replacement();
                replacement.getChars(0, replacement.length(), out, written);
                written += replacement.length();
                copied = redaction.end();
            }
            text.getChars(copied, text.length(), out, written);
            return new FilteredText(decision, new String(out), redactions);
        }

        private boolean inOrder() {
            for (int i = 1; i < found.size(); i++) {
                if (ORDER.compare(found.get(i - 1), found.get(i)) > 0) {
                    return false;
                }
            }
            return true;
        }
    }
}

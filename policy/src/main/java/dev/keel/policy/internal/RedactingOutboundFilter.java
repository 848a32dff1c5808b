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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link OutboundFilter}: the qualitative restrictions (compiled once) under ALLOW and PARTIAL, plus
 * {@link PartialRedactor} under PARTIAL. Overlapping findings are merged into one redaction of the kind of the
 * one that starts first. Immutable and thread-safe.
 */
public final class RedactingOutboundFilter implements OutboundFilter {

    private final List<CompiledRestriction> restrictions;

    public RedactingOutboundFilter(List<QualitativeRestriction> restrictions) {
        List<PolicyViolation> violations = PolicyValidation.validateRestrictions(restrictions);
        if (!violations.isEmpty()) {
            throw new PolicyValidationException(violations);
        }
        List<CompiledRestriction> compiled = new ArrayList<>();
        for (QualitativeRestriction restriction : restrictions) {
            List<Pattern> patterns = new ArrayList<>();
            for (String pattern : restriction.patterns()) {
                patterns.add(Pattern.compile(pattern));
            }
            compiled.add(new CompiledRestriction(restriction.id(), restriction.replacement(), List.copyOf(patterns)));
        }
        this.restrictions = List.copyOf(compiled);
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
        for (CompiledRestriction restriction : restrictions) {
            for (Pattern pattern : restriction.patterns) {
                Matcher matcher = pattern.matcher(text);
                while (matcher.find()) {
                    if (matcher.end() > matcher.start()) {
                        spans.add(restriction.id, restriction.replacement, matcher.start(), matcher.end());
                    }
                }
            }
        }
        if (decision == Decision.PARTIAL) {
            PartialRedactor.scan(text, (kind, start, end) -> spans.add(kind, PartialRedactor.placeholder(kind), start, end));
        }
        return spans.isEmpty() ? new FilteredText(decision, text, List.of()) : spans.apply(decision, text);
    }

    private static final class CompiledRestriction {
        final String id;
        final String replacement;
        final List<Pattern> patterns;

        CompiledRestriction(String id, String replacement, List<Pattern> patterns) {
            this.id = id;
            this.replacement = replacement;
            this.patterns = patterns;
        }
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
            found.sort(ORDER);
            List<Redaction> redactions = new ArrayList<>();
            StringBuilder out = new StringBuilder(text.length());
            int copied = 0;
            int index = 0;
            while (index < found.size()) {
                Span first = found.get(index++);
                int end = first.end();
                while (index < found.size() && found.get(index).start() < end) {
                    end = Math.max(end, found.get(index++).end());
                }
                out.append(text, copied, first.start()).append(first.replacement());
                redactions.add(new Redaction(first.kind(), first.start(), end, text.substring(first.start(), end),
                        first.replacement()));
                copied = end;
            }
            out.append(text, copied, text.length());
            return new FilteredText(decision, out.toString(), redactions);
        }
    }
}

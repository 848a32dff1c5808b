package dev.keel.reading;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.keel.core.Cancellation;
import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.core.text.NormalizedText;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.PolicyViolation;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * {@link OutboundFilter}: the qualitative restrictions (compiled with RE2/J, whose matching takes time linear in the
 * text whatever the pattern, once for all filters of equal restrictions) under ALLOW and PARTIAL, plus {@link PartialRedactor} under PARTIAL. Both read
 * each reading of the text (as written; for Markdown also as rendered and its link targets, {@link MarkdownReading})
 * with its escapes read ({@link Escapes}) and normalised once ({@link NormalizedText#ofMarkup}: character
 * references decoded, invisible characters removed, NFKC), so that what a reader sees is what is matched; what they
 * find is mapped back to the original, and the replacements are made there. No text is scanned twice: a reading
 * whose text, its escapes read, is that of one already scanned takes that scan's findings through its own mapping. Overlapping findings are merged into one redaction of the kind of the one
 * that starts first. Every part takes time linear in the text; a text longer than the filter's limit is not read
 * at all but withheld whole ({@link Redaction#OVERSIZED}). Immutable and thread-safe.
 */
final class RedactingOutboundFilter implements OutboundFilter {

    /** What stands in place of a text withheld for its length. */
    static final String OVERSIZED_PLACEHOLDER = "[text withheld: too long to filter]";

    // The policies a process filters for are few; the least recently used beyond them is compiled again when needed.
    private static final int COMPILED_KEPT = 64;
    // Compiled patterns by the restrictions they come from (see compiled); guarded by itself.
    private static final Map<List<QualitativeRestriction>, List<RestrictionPattern>> COMPILED =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<List<QualitativeRestriction>, List<RestrictionPattern>> eldest) {
                    return size() > COMPILED_KEPT;
                }
            };

    private final List<RestrictionPattern> patterns;
    private final int maxInputChars;
    private final PartialScan partialScan;
    // What PARTIAL withholds through this instance; withKinds makes one for other kinds.
    private final PartialKinds kinds;

    /**
     * A filter applying {@code restrictions}, reading texts of at most {@code maxInputChars} UTF-16 characters.
     *
     * @throws PolicyValidationException when a restriction is invalid
     * @throws IllegalArgumentException  when {@code maxInputChars} is not positive
     */
    public RedactingOutboundFilter(List<QualitativeRestriction> restrictions, int maxInputChars) {
        this(restrictions, maxInputChars, PartialScan.standard());
    }

    /**
     * A filter applying {@code restrictions}, reading texts of at most {@code maxInputChars} UTF-16 characters, and
     * under PARTIAL looking for what {@code partialScan} recognises; PARTIAL withholds the default kinds unless
     * {@link #withKinds} says otherwise.
     */
    public RedactingOutboundFilter(List<QualitativeRestriction> restrictions, int maxInputChars,
                                   PartialScan partialScan) {
        this.partialScan = Objects.requireNonNull(partialScan, "partialScan");
        this.kinds = PartialKinds.defaults();
        if (maxInputChars < 1) {
            throw new ConfigurationException("the filter's largest input must be at least one character, found "
                    + maxInputChars);
        }
        this.maxInputChars = maxInputChars;
        this.patterns = compiled(restrictions);
    }

    /**
     * The patterns of {@code restrictions}, validated and compiled once for equal restrictions: a stream opens a
     * filter per answer, for the same policy each time, and compiling takes about a tenth of a millisecond. The
     * compiled patterns are immutable and RE2/J's matchers are made per use, so one list serves every thread.
     *
     * @throws PolicyValidationException when a restriction is invalid
     */
    static List<RestrictionPattern> compiled(List<QualitativeRestriction> restrictions) {
        List<QualitativeRestriction> key = List.copyOf(restrictions);
        synchronized (COMPILED) {
            List<RestrictionPattern> known = COMPILED.get(key);
            if (known != null) {
                return known;
            }
        }
        validate(key);
        List<RestrictionPattern> compiled = new ArrayList<>();
        for (QualitativeRestriction restriction : key) {
            for (String pattern : restriction.patterns()) {
                compiled.add(new RestrictionPattern(restriction.id(), restriction.replacement(), Pattern.compile(pattern)));
            }
        }
        List<RestrictionPattern> patterns = List.copyOf(compiled);
        synchronized (COMPILED) {
            COMPILED.put(key, patterns);
        }
        return patterns;
    }

    /**
     * Checks {@code restrictions} as a document's are, and that no replacement holds what PARTIAL withholds: a
     * replacement stands in the answer under PARTIAL too, and the filter does not read its own replacements again.
     *
     * @throws PolicyValidationException listing every problem, with the pointers of a document's restrictions
     */
    private static void validate(List<QualitativeRestriction> restrictions) {
        List<PolicyViolation> violations = new ArrayList<>(QualitativeRestriction.violations(restrictions));
        for (int i = 0; i < restrictions.size(); i++) {
            String at = "/restrictions/" + i + "/replacement";
            PartialScan.withheldProblem(restrictions.get(i).replacement())
                    .ifPresent(problem -> violations.add(new PolicyViolation(at, problem)));
        }
        if (!violations.isEmpty()) {
            throw new PolicyValidationException(violations);
        }
    }

    private RedactingOutboundFilter(RedactingOutboundFilter filter, PartialKinds kinds) {
        this.patterns = filter.patterns;
        this.maxInputChars = filter.maxInputChars;
        this.partialScan = filter.partialScan;
        this.kinds = kinds;
    }

    record RestrictionPattern(String id, String replacement, Pattern pattern) {
    }

    /**
     * This filter with PARTIAL withholding {@code kinds}.
     *
     * @throws ConfigurationException when a kind neither ships nor has a recogniser
     */
    public RedactingOutboundFilter withKinds(PartialKinds kinds) {
        if (kinds.equals(this.kinds)) {
            return this;
        }
        partialScan.check(kinds);
        return new RedactingOutboundFilter(this, kinds);
    }

    /** The longest span of the kinds this filter's PARTIAL withholds beyond the scan's own, or 0. */
    int partialLongestMatch() {
        return partialScan.longestMatch(kinds);
    }

    @Override
    public FilteredText apply(Decision decision, PartialKinds kinds, String text) {
        return withKinds(kinds).apply(decision, text);
    }

    @Override
    public FilteredPart apply(Decision decision, PartialKinds kinds, Part part) {
        return withKinds(kinds).apply(decision, part);
    }

    @Override
    public FilteredText apply(Decision decision, String text) {
        return apply(decision, text, new Steps());
    }

    @Override
    public FilteredPart apply(Decision decision, Part part) {
        return apply(decision, part, new Steps());
    }

    /** As {@link #apply(Decision, Part)}, counting the steps of every string's filtering in {@code steps}. */
    FilteredPart apply(Decision decision, Part part, Steps steps) {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(part, "part");
        if (decision == Decision.DENY) {
            String rendered = part.rendered();
            return new FilteredPart(decision, null, rendered.isEmpty() ? List.of()
                    : List.of(new Redaction(Redaction.DENIED, 0, rendered.length(), rendered, "")));
        }
        return PartFilter.filter(decision, part, text -> apply(decision, text, true, steps),
                maxInputChars, steps);
    }

    /** As {@link #apply(Decision, String)}, counting the steps of the PARTIAL scan and of the redaction in {@code steps}. */
    FilteredText apply(Decision decision, String text, Steps steps) {
        return apply(decision, text, false, steps);
    }

    /**
     * {@code text} filtered for {@code decision}, read as written or, when {@code markdown}, also as rendered (its
     * source is read as written too: a comment or a tag attribute is no reader's, but it is in what leaves).
     */
    FilteredText apply(Decision decision, String text, boolean markdown, Steps steps) {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(text, "text");
        if (decision == Decision.DENY) {
            List<Redaction> all = text.isEmpty() ? List.of()
                    : List.of(new Redaction(Redaction.DENIED, 0, text.length(), text, ""));
            return new FilteredText(decision, "", all);
        }
        if (text.length() > maxInputChars) {
            // Fails closed: what is not read cannot be shown.
            return new FilteredText(decision, OVERSIZED_PLACEHOLDER,
                    List.of(new Redaction(Redaction.OVERSIZED, 0, text.length(), text, OVERSIZED_PLACEHOLDER)));
        }
        boolean partial = decision == Decision.PARTIAL;
        if (!partial && patterns.isEmpty()) {
            return new FilteredText(decision, text, List.of());
        }
        Spans spans = new Spans(text, steps);
        Map<String, Findings> scanned = new HashMap<>();
        scan(Reading.of(text), partial, spans, scanned, steps);
        if (markdown) {
            for (Reading reading : MarkdownReading.read(text, steps)) {
                scan(reading, partial, spans, scanned, steps);
            }
        }
        if (partial) {
            spans.withholdNumbersLeft();
        }
        return spans.isEmpty() ? new FilteredText(decision, text, List.of()) : spans.apply(decision);
    }

    /**
     * Adds to {@code spans} what the restrictions and, under PARTIAL, the {@link PartialRedactor} find in
     * {@code written}, its escapes read and normalised once ({@link NormalizedText#ofMarkup}), each mapped back to
     * its source. What is found is a function of the text read alone, so a reading whose text is one already
     * scanned (the rendered Markdown of a plain line is the line itself) takes the findings of that scan, mapped
     * through its own way back to the source, and an empty reading has none.
     */
    private void scan(Reading written, boolean partial, Spans spans, Map<String, Findings> scanned, Steps steps) {
        Reading reading = Escapes.read(written, steps);
        String text = reading.text();
        if (text.isEmpty()) {
            return;
        }
        Findings findings = scanned.get(text);
        if (findings == null) {
            findings = find(NormalizedText.ofMarkup(text), partial, steps);
            scanned.put(text, findings);
        }
        findings.mapInto(reading, spans);
    }

    /** What the restrictions and, under PARTIAL, the {@link PartialRedactor} find in {@code normalized}. */
    private Findings find(NormalizedText normalized, boolean partial, Steps steps) {
        Findings findings = new Findings(normalized);
        for (RestrictionPattern restriction : patterns) {
            Matcher matcher = restriction.pattern().matcher(normalized.text());
            while (matcher.find()) {
                Cancellation.checkpoint();
                if (matcher.end() > matcher.start()) {
                    findings.add(restriction.id(), restriction.replacement(), matcher.start(), matcher.end());
                }
            }
        }
        if (partial) {
            partialScan.scan(normalized, kinds, new PartialScan.Sink() {
                @Override
                public void withhold(String kind, String replacement, int start, int end) {
                    findings.add(kind, replacement, start, end);
                }

                @Override
                public void keep(int start, int end) {
                    findings.add(null, null, start, end);
                }
            }, steps);
        }
        return findings;
    }

    /**
     * Findings in offsets of one normalised text, in the order they were found: what is withheld, and what PARTIAL
     * found of a kind it keeps (no kind). Not thread-safe (one per call).
     */
    private static final class Findings {
        private final NormalizedText normalized;
        private @Nullable String[] kindOf = new String[16];
        private @Nullable String[] replacements = new String[16];
        private int[] starts = new int[16];
        private int[] ends = new int[16];
        private int size;

        Findings(NormalizedText normalized) {
            this.normalized = normalized;
        }

        /** A finding; with no kind, a kept one. */
        void add(@Nullable String kind, @Nullable String replacement, int start, int end) {
            if (size == starts.length) {
                kindOf = Arrays.copyOf(kindOf, size * 2);
                replacements = Arrays.copyOf(replacements, size * 2);
                starts = Arrays.copyOf(starts, size * 2);
                ends = Arrays.copyOf(ends, size * 2);
            }
            kindOf[size] = kind;
            replacements[size] = replacement;
            starts[size] = start;
            ends[size] = end;
            size++;
        }

        /** Each finding, mapped through the normal form and {@code reading} to the source, added to {@code spans}. */
        void mapInto(Reading reading, Spans spans) {
            for (int i = 0; i < size; i++) {
                int start = reading.sourceStart(normalized.originalStart(starts[i]));
                int end = reading.sourceEnd(normalized.originalEnd(ends[i]));
                String kind = kindOf[i];
                String replacement = replacements[i];
                if (kind == null || replacement == null) {
                    spans.keep(start, end);
                } else {
                    spans.add(kind, replacement, start, end);
                }
            }
        }
    }

    private record Span(String kind, String replacement, int start, int end) {
    }

    /**
     * Findings, in offsets of the original; merged and applied once at the end. Many findings may share a start or
     * an end (the PARTIAL scan reports a construct from each word it starts at: "one one one ..." is as many
     * findings, all ending together), so whatever is computed of a position is computed once. Not thread-safe
     * (one per call).
     */
    private static final class Spans {
        // Earliest first; of two starting together the longer first, so that it absorbs the other.
        private static final Comparator<Span> ORDER = Comparator.comparingInt(Span::start)
                .thenComparing(Comparator.comparingInt(Span::end).reversed());

        private final String text;
        private final Steps steps;
        private final List<Span> found = new ArrayList<>();
        // What PARTIAL found of a kind it keeps: a digit there is left (none when every kind is withheld).
        private final List<Span> kept = new ArrayList<>();
        // Where a start or an end next to invisible characters widens to, by position (0: not yet known, else the
        // position plus one); made at the first such finding.
        private int @Nullable [] widenedStarts;
        private int @Nullable [] widenedEnds;

        Spans(String text, Steps steps) {
            this.text = text;
            this.steps = steps;
        }

        /**
         * A finding from {@code start} to {@code end} of the original. Invisible characters and combining marks right
         * before or after it go with it: they belong to no word of their own, and left behind would dangle.
         */
        void add(String kind, String replacement, int start, int end) {
            steps.add(1);
            if (end <= start) {
                // Found only in what stands for nothing written (the blank line between two blocks).
                return;
            }
            found.add(new Span(kind, replacement, widenedStart(start), widenedEnd(end)));
        }

        /** {@code start} widened, each position walked once however many findings start there. */
        private int widenedStart(int start) {
            if (start == 0 || !isInvisible(text.codePointBefore(start))) {
                return start;
            }
            int[] memo = widenedStarts;
            if (memo == null) {
                memo = new int[text.length() + 1];
                widenedStarts = memo;
            }
            if (memo[start] == 0) {
                memo[start] = widenStart(start) + 1;
            }
            return memo[start] - 1;
        }

        /** {@code end} widened, each position walked once however many findings end there. */
        private int widenedEnd(int end) {
            if (end == text.length() || !isInvisible(text.codePointAt(end))) {
                return end;
            }
            int[] memo = widenedEnds;
            if (memo == null) {
                memo = new int[text.length() + 1];
                widenedEnds = memo;
            }
            if (memo[end] == 0) {
                memo[end] = widenEnd(end) + 1;
            }
            return memo[end] - 1;
        }

        /** What PARTIAL found of a kept kind, from {@code start} to {@code end} of the original. */
        void keep(int start, int end) {
            steps.add(1);
            if (end > start) {
                kept.add(new Span("", "", start, end));
            }
        }

        private int widenStart(int start) {
            int widened = start;
            while (widened > 0 && isInvisible(text.codePointBefore(widened))) {
                steps.add(1);
                widened -= Character.charCount(text.codePointBefore(widened));
            }
            return widened;
        }

        private int widenEnd(int end) {
            int widened = end;
            while (widened < text.length() && isInvisible(text.codePointAt(widened))) {
                steps.add(1);
                widened += Character.charCount(text.codePointAt(widened));
            }
            return widened;
        }

        private static boolean isInvisible(int cp) {
            int type = Character.getType(cp);
            return NormalizedText.isDefaultIgnorable(cp) || type == Character.NON_SPACING_MARK
                    || type == Character.ENCLOSING_MARK;
        }

        /**
         * Withholds, with the rest of its word, every character of Unicode category N that nothing found covers. The
         * scan reads the normalised text, in which the digits of a character reference ({@code &#107;} is "k") are
         * gone; left in the original, they would still be digits in the output. What was found of a kept kind is
         * left as it is.
         */
        void withholdNumbersLeft() {
            BitSet covered = covered(found);
            if (!kept.isEmpty()) {
                covered.or(covered(kept));
            }
            int i = 0;
            while (i < text.length()) {
                steps.add(1);
                Cancellation.checkpoint();
                int cp = text.codePointAt(i);
                if (covered.get(i) || !Token.isNumeric(cp)) {
                    i += Character.charCount(cp);
                    continue;
                }
                int start = i;
                while (start > 0 && !covered.get(start - 1) && Token.isWordCharacter(text.codePointBefore(start))) {
                    steps.add(1);
                    start -= Character.charCount(text.codePointBefore(start));
                }
                int end = i + Character.charCount(cp);
                while (end < text.length() && !covered.get(end) && Token.isWordCharacter(text.codePointAt(end))) {
                    steps.add(1);
                    end += Character.charCount(text.codePointAt(end));
                }
                add(Redaction.NUMBER, PartialRedactor.placeholder(Redaction.NUMBER), start, end);
                covered.set(start, end);
                i = end;
            }
        }

        /**
         * The characters the findings cover. Findings overlap (each start of "1,2,3,..." reaches its end), so each
         * character is set once: in order of their starts, a finding sets only what lies past the ones before it.
         */
        private BitSet covered(List<Span> spans) {
            spans.sort(ORDER);
            BitSet covered = new BitSet(text.length());
            int coveredTo = 0;
            for (Span span : spans) {
                steps.add(1 + Math.max(0, span.end() - Math.max(span.start(), coveredTo)));
                if (span.end() > coveredTo) {
                    covered.set(Math.max(span.start(), coveredTo), span.end());
                    coveredTo = span.end();
                }
            }
            return covered;
        }

        boolean isEmpty() {
            return found.isEmpty();
        }

        FilteredText apply(Decision decision) {
            found.sort(ORDER);
            List<Redaction> redactions = new ArrayList<>(found.size());
            StringBuilder out = new StringBuilder(text.length());
            int copied = 0;
            int index = 0;
            while (index < found.size()) {
                steps.add(1);
                Span first = found.get(index++);
                int end = first.end();
                while (index < found.size() && found.get(index).start() < end) {
                    steps.add(1);
                    end = Math.max(end, found.get(index++).end());
                }
                redactions.add(new Redaction(first.kind(), first.start(), end, text.substring(first.start(), end),
                        first.replacement()));
                out.append(text, copied, first.start()).append(first.replacement());
                copied = end;
            }
            out.append(text, copied, text.length());
            return new FilteredText(decision, out.toString(), redactions);
        }
    }
}

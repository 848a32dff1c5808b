package dev.keel.reading;

import dev.keel.core.Decision;
import dev.keel.core.content.Part;
import dev.keel.policy.EgressFilter;
import dev.keel.policy.FilteredPart;
import dev.keel.policy.NumberWordLanguage;
import dev.keel.policy.PartialKinds;
import dev.keel.policy.PolicyDecision;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import dev.keel.policy.Recogniser;
import dev.keel.policy.Redaction;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The outbound filter: makes an answer fit the governance decision before it leaves.
 *
 * <ul>
 *   <li>{@code ALLOW}: figures and calendar details may stay; the qualitative restrictions (for example "no
 *       unit-level IDs, no vendor breakdowns") are applied.</li>
 *   <li>{@code PARTIAL}: qualitative statements only. What is withheld is the policy's ({@link PartialKinds}:
 *       {@link #apply(Decision, PartialKinds, String)}); by default, removed, each replaced by a short bracketed placeholder
 *       such as {@code [figure withheld]} so that the sentence still reads: explicit numbers (digits of any
 *       script, fractions, number words such as "two", "twenty-five" or "eightyfour", ordinals such as "third" or
 *       "thirteenth", fraction words such as "half" or "a quarter of"), dates (month and day in any order, month
 *       names, numeric dates, years), quarters ({@code Q3}, {@code Q3–Q4}, {@code third quarter},
 *       {@code Quarter IV}), half-years and fiscal years ({@code H2}, {@code FY25}), week numbers
 *       ({@code week 12}, {@code W12}, {@code third week}, {@code week one}, {@code week XIII}), percentages and
 *       money amounts. The qualitative restrictions apply as well. The result contains no character of Unicode
 *       category N, no number word, ordinal or fraction word, and no Roman numeral after a week, quarter or year
 *       word (the words "one", "first", "second" and "quarter" only where they count something: see the policy
 *       documentation).</li>
 *   <li>{@code DENY}: no text at all; the whole input is reported as one {@link Redaction#DENIED} redaction.</li>
 * </ul>
 *
 * <p>Text is matched as a reader sees it, not as it is encoded: invisible characters (soft hyphen, zero-width
 * characters), compatibility forms (full-width letters and digits), combining marks and HTML character references
 * ({@code &#56;}, {@code &half;}) cannot hide a figure from PARTIAL or a restriction, nor can a JSON or JavaScript
 * escape ({@code \n}, {@code \t}, <code>&#92;u0066</code>...: "{@code \nforty}" is read as a line break and
 * "forty"). Redactions are reported and made in the original text.
 *
 * <p>Filtering takes time linear in the text, whatever it holds. A text longer than the filter's limit
 * ({@link #DEFAULT_MAX_INPUT_CHARS} unless set) is not read: under {@code ALLOW} and {@code PARTIAL} it is
 * withheld whole, replaced by {@code [text withheld: too long to filter]} and reported as one
 * {@link Redaction#OVERSIZED} redaction.
 *
 * <p>Implementations are pure and thread-safe.
 */
public interface OutboundFilter extends EgressFilter {

    /**
     * The longest text a filter reads unless told otherwise, in UTF-16 characters: 1 MiB, a document's default
     * ({@link PolicyDocument#DEFAULT_FILTER_MAX_INPUT_CHARS}).
     */
    int DEFAULT_MAX_INPUT_CHARS = PolicyDocument.DEFAULT_FILTER_MAX_INPUT_CHARS;

    /**
     * A filter applying {@code restrictions} under ALLOW and PARTIAL, reading texts of up to
     * {@link #DEFAULT_MAX_INPUT_CHARS}.
     *
     * @throws PolicyValidationException when a restriction is invalid (for example a pattern the linear-time engine
     *                                   cannot run, or a replacement that contains a figure)
     */
    static OutboundFilter create(List<QualitativeRestriction> restrictions) {
        return create(restrictions, DEFAULT_MAX_INPUT_CHARS);
    }

    /**
     * A filter applying {@code restrictions} under ALLOW and PARTIAL, reading texts of up to {@code maxInputChars}
     * UTF-16 characters and withholding longer ones whole.
     *
     * @throws PolicyValidationException when a restriction is invalid
     * @throws dev.keel.core.ConfigurationException when {@code maxInputChars} is not positive
     */
    static OutboundFilter create(List<QualitativeRestriction> restrictions, int maxInputChars) {
        return new RedactingOutboundFilter(restrictions, maxInputChars);
    }

    /**
     * A filter applying the document's restrictions, reading texts up to its {@link PolicyDocument#filterMaxInputChars()},
     * under PARTIAL with the document's recognisers and number-word languages.
     *
     * @throws dev.keel.core.ConfigurationException when the document names a number-word language it was not given,
     *                                              or a recogniser is invalid
     */
    static OutboundFilter create(PolicyDocument policy) {
        return builder().policy(policy).build();
    }

    /** A builder of a filter: no restrictions, the default limit, the kinds that ship and English number words. */
    static Builder builder() {
        return new Builder();
    }

    /** A filter with no qualitative restrictions: ALLOW passes text unchanged. */
    static OutboundFilter withoutRestrictions() {
        return create(List.of());
    }

    /** Filters {@code text} for {@code decision}; PARTIAL withholds {@link PartialKinds#defaults()}. */
    FilteredText apply(Decision decision, String text);

    /**
     * Filters {@code text} for {@code decision}, PARTIAL withholding {@code kinds} (what
     * {@link PolicyDocument#partialKinds} or {@link PolicyDecision#partialKinds()} says): a figure of a kept kind is
     * shown; the qualitative restrictions apply whatever the kinds, so PARTIAL never shows what ALLOW would not.
     * Under ALLOW and DENY the kinds change nothing.
     *
     * @throws dev.keel.core.ConfigurationException when a kind neither ships nor has a recogniser in this filter
     */
    FilteredText apply(Decision decision, PartialKinds kinds, String text);

    /** As {@link #apply(Decision, Part)}, PARTIAL withholding {@code kinds} as {@link #apply(Decision, PartialKinds, String)}. */
    @Override
    FilteredPart apply(Decision decision, PartialKinds kinds, Part part);

    /**
     * Filters {@code part} for {@code decision}, reading it as its reader does; the result has the part's kind and
     * labels.
     *
     * <ul>
     *   <li>{@link Part.Text}: as {@link #apply(Decision, String)}.</li>
     *   <li>{@link Part.Markdown}: the source is read as written, as rendered (CommonMark; HTML blocks as a
     *       browser shows them) and its link destinations and titles; each finding is replaced in the source over
     *       the smallest range that covers it.</li>
     *   <li>{@link Part.Json}, {@link Part.ToolCall}'s arguments, {@link Part.ToolResult}'s result: walked as
     *       values. Every string and every member name is read as a text (a string holds its characters, its JSON
     *       escapes already read). A member name that must change is replaced by its filtered text; when that name
     *       is taken (by a name kept as it is, which keeps precedence, or by an earlier replaced one),
     *       {@code " #"} and an ordinal from two up, the first that gives a free name, written in binary with
     *       {@code ^} for one and {@code ~} for zero, are added to it ({@code "[figure withheld] #^~"}, then
     *       {@code "[figure withheld] #^^"}), so that no two members share a name and no digit is added. Members
     *       are visited in the order the JSON writer writes them, so the names are the same every time. Under {@code PARTIAL} every number is withheld: replaced by the string
     *       {@code "[figure withheld]"}. Booleans and nulls are kept.</li>
     *   <li>{@link Part.Attachment}: its name, URL and text are each read as a text; its media type is kept.</li>
     * </ul>
     * Under {@code DENY} nothing of the part is kept. A text, Markdown source or attachment field longer than the
     * filter's limit is withheld as {@link #apply(Decision, String)} withholds it; a JSON value whose strings,
     * member names and numbers together are longer is replaced whole by {@code "[text withheld: too long to
     * filter]"} (a tool call's arguments by an empty object). Where each redaction is, is said in
     * {@link FilteredPart}.
     */
    FilteredPart apply(Decision decision, Part part);

    /** What makes an {@link OutboundFilter}. Not thread-safe. */
    final class Builder {
        private List<QualitativeRestriction> restrictions = List.of();
        private int maxInputChars = DEFAULT_MAX_INPUT_CHARS;
        private final List<Recogniser> recognisers = new ArrayList<>();
        private List<NumberWordLanguage> languages = List.of(NumberWordLanguage.english());

        private Builder() {
        }

        /** The qualitative restrictions applied under ALLOW and PARTIAL. */
        public Builder restrictions(List<QualitativeRestriction> restrictions) {
            this.restrictions = List.copyOf(restrictions);
            return this;
        }

        /** The longest text read; a longer one is withheld whole. */
        public Builder maxInputChars(int maxInputChars) {
            this.maxInputChars = maxInputChars;
            return this;
        }

        /** Adds the recogniser of a kind of the host's own, which PARTIAL withholds when its kinds name it. */
        public Builder recogniser(Recogniser recogniser) {
            recognisers.add(Objects.requireNonNull(recogniser, "recogniser"));
            return this;
        }

        /** The languages whose number words PARTIAL reads as figures; English unless set. */
        public Builder numberWords(List<NumberWordLanguage> languages) {
            this.languages = List.copyOf(languages);
            return this;
        }

        /**
         * The document's restrictions, limit, number-word languages and recognisers (added to those given here).
         *
         * @throws dev.keel.core.ConfigurationException when the document names a number-word language it was not given
         */
        public Builder policy(PolicyDocument policy) {
            recognisers.addAll(policy.recognisers());
            return restrictions(policy.restrictions()).maxInputChars(policy.filterMaxInputChars())
                    .numberWords(policy.numberWordLanguages());
        }

        /**
         * The filter.
         *
         * @throws PolicyValidationException             when a restriction is invalid
         * @throws dev.keel.core.ConfigurationException when the limit is not positive, no language is given, or a
         *                                              recogniser's kind or placeholder is invalid
         */
        public OutboundFilter build() {
            return new RedactingOutboundFilter(restrictions, maxInputChars, partialScan());
        }

        PartialScan partialScan() {
            return new PartialScan(recognisers, languages.stream().map(NumberWords::of).toList());
        }
    }
}

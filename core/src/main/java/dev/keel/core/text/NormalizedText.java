package dev.keel.core.text;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A text in the form to scan it in, with the way back to the original: what a reader sees, whatever characters
 * were used to write it.
 *
 * <p>The normalised text is the original with
 * <ol>
 *   <li>(for {@link #ofMarkup}) HTML character references decoded: {@code &#56;}, {@code &#x38;} and the named
 *       references of {@link #ofMarkup} become the characters they stand for;</li>
 *   <li>default-ignorable code points removed (Unicode's {@code Default_Ignorable_Code_Point}: soft hyphen,
 *       zero-width space and joiners, word joiner, bidirectional controls, variation selectors, the Hangul
 *       fillers, tags; see {@link #isDefaultIgnorable}), so that "eigh", a soft hyphen and "ty" read "eighty";</li>
 *   <li>Unicode normalisation form NFKC applied: compatibility characters become their plain equivalents
 *       (full-width "ｅｉｇｈｔｙ" and "８" become "eighty" and "8", "½" becomes "1⁄2", "ﬁ" becomes "fi", a no-break
 *       space becomes a space);</li>
 *   <li>combining marks removed (Unicode categories Mn and Me, including those of precomposed letters): accents
 *       and other diacritics, and marks written on any character, so that a mark cannot split or disguise a word
 *       ("tóp" reads "top", "eigh" with a combining grave accent and "ty" reads "eighty", "é" reads "e"). Spacing
 *       marks (Mc), which are vowels in the scripts that have them, stay. What remains is composed again (NFC).</li>
 * </ol>
 * The result is NFC of the NFKC of the original without its default-ignorable code points and its nonspacing and
 * enclosing marks (and none are left after it), with one exception that keeps normalising linear in the length of
 * the text: a character followed by more than {@value #MAX_SEGMENT} characters that combine with it is normalised
 * {@value #MAX_SEGMENT} characters at a time, as Unicode's Stream-Safe Text Format (UAX #15) cuts such runs (no
 * text in any language needs that many). Case is kept. Text in scripts that write some vowels as
 * nonspacing marks loses them: the normalised text is for matching, not for reading.
 *
 * <p>Every character of the normalised text comes from a range of the original: one character, a character
 * with its combining marks, or a whole character reference; {@link #fromNumber} says whether a number is among
 * what it comes from. {@link #originalStart} and {@link #originalEnd}
 * map a range of the normalised text back to the smallest range of the original it comes from; removed
 * characters between two kept ones fall inside the range that covers both.
 *
 * <p>Immutable and thread-safe; the factories are pure functions.
 */
public final class NormalizedText {

    // Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1), as inclusive ranges.
    private static final int[] DEFAULT_IGNORABLE = {
        0x00AD, 0x00AD, 0x034F, 0x034F, 0x061C, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180F,
        0x200B, 0x200F, 0x202A, 0x202E, 0x2060, 0x206F, 0x3164, 0x3164, 0xFE00, 0xFE0F, 0xFEFF, 0xFEFF,
        0xFFA0, 0xFFA0, 0xFFF0, 0xFFF8, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A, 0xE0000, 0xE0FFF};

    /** The most characters normalised together: a base character and what combines with it. */
    static final int MAX_SEGMENT = 32;

    private final String original;
    private final String text;
    // For each character of text: the range of original it comes from, and whether a number is among what it comes
    // from. All null when text is original itself.
    private final int @Nullable [] sourceStarts;
    private final int @Nullable [] sourceEnds;
    private final boolean @Nullable [] fromNumbers;

    private NormalizedText(String original, String text, int @Nullable [] sourceStarts, int @Nullable [] sourceEnds,
            boolean @Nullable [] fromNumbers) {
        this.original = original;
        this.text = text;
        this.sourceStarts = sourceStarts;
        this.sourceEnds = sourceEnds;
        this.fromNumbers = fromNumbers;
    }

    /** {@code original} normalised: default-ignorable code points removed, NFKC, combining marks removed. */
    public static NormalizedText of(String original) {
        return normalize(original, false);
    }

    /**
     * {@code original} normalised as {@link #of}, after decoding its HTML character references, for text that may
     * be shown as HTML or Markdown. Decoded are numeric references ({@code &#56;}, {@code &#x38;}; the semicolon
     * may be left out, as browsers allow; a number that names no character becomes U+FFFD) and these named ones:
     * the Latin-1 characters ({@code &nbsp;} to {@code &yuml;}, also without semicolon, as browsers allow),
     * {@code &amp; &lt; &gt; &quot; &apos;}, fractions ({@code &half; &frac13;}...), punctuation and symbols
     * ({@code &percnt; &dollar; &euro; &period; &comma; &hyphen; &ndash; &minus;}...), spaces and invisible
     * characters ({@code &ensp; &thinsp; &ZeroWidthSpace; &zwj; &NoBreak; &InvisibleTimes;}...), and the
     * double-struck, fraktur and script letters ({@code &eopf; &efr; &escr;}), which NFKC reads as plain letters.
     * Any other {@code &} is kept as written.
     */
    public static NormalizedText ofMarkup(String original) {
        return normalize(original, true);
    }

    /** True for Unicode's {@code Default_Ignorable_Code_Point}: characters that are not shown by themselves. */
    public static boolean isDefaultIgnorable(int codePoint) {
        if (codePoint < 0xAD) {
            return false;
        }
        for (int i = 0; i < DEFAULT_IGNORABLE.length; i += 2) {
            if (codePoint <= DEFAULT_IGNORABLE[i + 1]) {
                return codePoint >= DEFAULT_IGNORABLE[i];
            }
        }
        return false;
    }

    /** The text as given. */
    public String original() {
        return original;
    }

    /** The normalised text. */
    public String text() {
        return text;
    }

    /**
     * Where in the original the normalised character at {@code index} comes from (the start of its range);
     * {@code original().length()} for {@code index == text().length()}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= index <= text().length()}
     */
    public int originalStart(int index) {
        Objects.checkIndex(index, text.length() + 1);
        if (index == text.length()) {
            return original.length();
        }
        return sourceStarts == null ? index : sourceStarts[index];
    }

    /**
     * Where in the original the normalised characters before {@code end} end (the end of the range the character
     * at {@code end - 1} comes from); 0 for {@code end == 0}. A normalised range {@code [start, end)} comes from
     * the original range {@code [originalStart(start), originalEnd(end))}.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= end <= text().length()}
     */
    public int originalEnd(int end) {
        Objects.checkIndex(end, text.length() + 1);
        if (end == 0) {
            return 0;
        }
        return sourceEnds == null ? end : sourceEnds[end - 1];
    }

    /**
     * Whether the normalised character at {@code index} comes from a character of Unicode category N (after
     * decoding character references): normalisation makes "Ⅻ" the letters "XII" and "½" the characters "1⁄2", which
     * still stand for a number, while the digits of a reference such as {@code &#107;} ("k") are not part of what it
     * stands for.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= index < text().length()}
     */
    public boolean fromNumber(int index) {
        Objects.checkIndex(index, text.length());
        return fromNumbers == null ? isNumber(text.codePointAt(index)) : fromNumbers[index];
    }

    private static boolean isNumber(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER || type == Character.OTHER_NUMBER;
    }

    private static NormalizedText normalize(String original, boolean markup) {
        Objects.requireNonNull(original, "original");
        if (isNormalized(original, markup)) {
            return new NormalizedText(original, original, null, null, null);
        }
        Builder cleaned = new Builder(original.length());
        removeIgnorables(original, markup, cleaned);
        Builder normalized = new Builder(cleaned.length());
        applyNfkc(cleaned, normalized);
        int length = normalized.length();
        return new NormalizedText(original, normalized.text.toString(), Arrays.copyOf(normalized.starts, length),
                Arrays.copyOf(normalized.ends, length), Arrays.copyOf(normalized.fromNumbers, length));
    }

    /**
     * Whether {@code text} is its own normal form: no character reference to decode, no default-ignorable code point
     * or combining mark to remove, and nothing NFKC or a decomposition would change (plain ASCII, and most text).
     */
    private static boolean isNormalized(String text, boolean markup) {
        if (isAsciiWithoutReference(text, markup)) {
            // ASCII has no ignorable code point, no mark and nothing NFKC or NFD changes: one plain pass decides.
            return true;
        }
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            if (markup && cp == '&' || isDefaultIgnorable(cp) || isNonspacingMark(cp)) {
                return false;
            }
            i += Character.charCount(cp);
        }
        return Normalizer.isNormalized(text, Normalizer.Form.NFKC) && Normalizer.isNormalized(text, Normalizer.Form.NFD);
    }

    /** Whether {@code text} is all ASCII, with no {@code &} when it is {@code markup}. */
    private static boolean isAsciiWithoutReference(String text, boolean markup) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x80 || markup && c == '&') {
                return false;
            }
        }
        return true;
    }

    /** Steps 1 and 2: character references decoded (markup only), default-ignorable code points left out. */
    private static void removeIgnorables(String original, boolean markup, Builder out) {
        int i = 0;
        while (i < original.length()) {
            CharacterReferences.Reference reference = markup && original.charAt(i) == '&'
                    ? CharacterReferences.read(original, i) : null;
            if (reference != null) {
                appendVisible(reference.characters(), i, reference.end(), false, out);
                i = reference.end();
            } else {
                int cp = original.codePointAt(i);
                int next = i + Character.charCount(cp);
                if (!isDefaultIgnorable(cp)) {
                    out.append(cp, i, next, false);
                }
                i = next;
            }
        }
    }

    /**
     * Steps 3 and 4: NFKC and marks removed, one segment at a time, so that each output character knows its source.
     * A segment is a character with the characters that may combine with it: it ends before a character whose
     * normalisation starts with something that combines with nothing before it. Normalising segment by segment
     * then gives exactly what normalising the whole text gives, except that a segment is cut after
     * {@link #MAX_SEGMENT} characters: the normaliser reorders combining marks in time quadratic in their number.
     */
    private static void applyNfkc(Builder cleaned, Builder out) {
        String text = cleaned.text.toString();
        int segmentStart = 0;
        String single = null; // the normalisation of the segment while it is one code point
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            String normalized = cp < 0x80 ? null : Normalizer.normalize(Character.toString(cp), Normalizer.Form.NFKC);
            if (i > segmentStart && (startsSegment(normalized) || i - segmentStart >= MAX_SEGMENT)) {
                appendSegment(cleaned, text, segmentStart, i, single, out);
                segmentStart = i;
            }
            single = i == segmentStart ? normalized : null;
            i += Character.charCount(cp);
        }
        if (segmentStart < text.length()) {
            appendSegment(cleaned, text, segmentStart, text.length(), single, out);
        }
    }

    /** Whether a character normalising to {@code normalized} (null: an ASCII character) starts a segment. */
    private static boolean startsSegment(@Nullable String normalized) {
        if (normalized == null || normalized.isEmpty()) {
            return true;
        }
        int first = normalized.codePointAt(0);
        switch (Character.getType(first)) {
            case Character.NON_SPACING_MARK:
            case Character.COMBINING_SPACING_MARK:
            case Character.ENCLOSING_MARK:
                return false;
            default:
                // Hangul vowel and final jamo compose with the syllable or jamo before them.
                return !(first >= 0x1161 && first <= 0x1175 || first >= 0x11A8 && first <= 0x11C2);
        }
    }

    private static void appendSegment(Builder cleaned, String text, int start, int end, @Nullable String single,
            Builder out) {
        int sourceStart = cleaned.starts[start];
        int sourceEnd = cleaned.ends[end - 1];
        boolean fromNumber = false;
        for (int i = start; i < end; i += Character.charCount(text.codePointAt(i))) {
            fromNumber |= isNumber(text.codePointAt(i));
        }
        if (end - start == 1 && text.charAt(start) < 0x80) {
            out.append(text.charAt(start), sourceStart, sourceEnd, fromNumber);
            return;
        }
        String normalized = single != null ? single : Normalizer.normalize(text.substring(start, end), Normalizer.Form.NFKC);
        appendVisible(withoutMarks(normalized), sourceStart, sourceEnd, fromNumber, out);
    }

    private static String withoutMarks(String text) {
        String decomposed = Normalizer.normalize(text, Normalizer.Form.NFD);
        StringBuilder kept = new StringBuilder(decomposed.length());
        decomposed.codePoints().filter(cp -> !isNonspacingMark(cp)).forEach(kept::appendCodePoint);
        return kept.length() == decomposed.length() ? text : Normalizer.normalize(kept, Normalizer.Form.NFC);
    }

    private static boolean isNonspacingMark(int codePoint) {
        int type = Character.getType(codePoint);
        return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK;
    }

    private static void appendVisible(String characters, int sourceStart, int sourceEnd, boolean fromNumber,
            Builder out) {
        for (int k = 0; k < characters.length(); ) {
            int cp = characters.codePointAt(k);
            if (!isDefaultIgnorable(cp)) {
                out.append(cp, sourceStart, sourceEnd, fromNumber);
            }
            k += Character.charCount(cp);
        }
    }

    /** Characters, each with the range of the original it comes from and whether that holds a number. Not thread-safe. */
    private static final class Builder {
        final StringBuilder text;
        int[] starts;
        int[] ends;
        boolean[] fromNumbers;

        Builder(int capacity) {
            text = new StringBuilder(capacity);
            starts = new int[Math.max(capacity, 1)];
            ends = new int[Math.max(capacity, 1)];
            fromNumbers = new boolean[Math.max(capacity, 1)];
        }

        int length() {
            return text.length();
        }

        void append(int codePoint, int sourceStart, int sourceEnd, boolean fromNumber) {
            int before = text.length();
            text.appendCodePoint(codePoint);
            if (text.length() > starts.length) {
                int capacity = Math.max(text.length(), starts.length * 2);
                starts = Arrays.copyOf(starts, capacity);
                ends = Arrays.copyOf(ends, capacity);
                fromNumbers = Arrays.copyOf(fromNumbers, capacity);
            }
            for (int k = before; k < text.length(); k++) {
                starts[k] = sourceStart;
                ends[k] = sourceEnd;
                fromNumbers[k] = fromNumber;
            }
        }
    }
}

package dev.keel.examples.marp.routing;

import dev.keel.core.text.UnicodeText;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads the scenario tag of a prompt, the {@code <scenario_tag>} part of the routing key: a keyword followed by
 * one of a fixed list of tags ({@code SCENARIO 2}). Configured by the MARP routing table ({@code scenario_tag}
 * in its JSON form) for the {@link LengthModTenStrategy}; described in {@code docs/marp-example.md}.
 *
 * <p>A prompt mentions tag t when it holds the keyword in any case, not preceded by a letter or digit, then white
 * space (Unicode {@code White_Space}), hyphens or underscores (or nothing), then t in any case, not followed by a
 * letter or digit where t ends in one. With keyword {@code scenario} and tags {@code 1, 2, 3}: {@code SCENARIO 2},
 * {@code scenario-2}, {@code Scenario2} mention 2; {@code SCENARIO 12} and {@code subscenario 2} do not. When a
 * prompt mentions several tags, the first in the configured order decides.
 *
 * <p>Immutable, pure and thread-safe.
 */
public final class ScenarioTagger {

    private static final ScenarioTagger NONE = new ScenarioTagger(null, List.of(), "0");

    private final @Nullable String keyword;
    private final List<String> tags;
    private final String defaultTag;

    private ScenarioTagger(@Nullable String keyword, List<String> tags, String defaultTag) {
        this.keyword = keyword;
        this.tags = List.copyOf(tags);
        this.defaultTag = Objects.requireNonNull(defaultTag, "defaultTag");
    }

    /**
     * Tags {@code tags} after {@code keyword}, and {@code defaultTag} for a prompt that mentions none.
     *
     * @throws IllegalArgumentException when the keyword or a tag is blank or holds white space
     */
    public static ScenarioTagger of(String keyword, List<String> tags, String defaultTag) {
        requireWord(keyword, "keyword");
        tags.forEach(tag -> requireWord(tag, "tag"));
        requireWord(defaultTag, "default tag");
        return new ScenarioTagger(keyword, tags, defaultTag);
    }

    /** No tags: every prompt gets {@code "0"}. */
    public static ScenarioTagger none() {
        return NONE;
    }

    private static void requireWord(String word, String what) {
        if (word == null || word.isBlank() || word.codePoints().anyMatch(UnicodeText::isWhiteSpace)) {
            throw new IllegalArgumentException("the scenario " + what + " must be a word, found '" + word + "'");
        }
    }

    /** The keyword, or null when there are no tags. */
    public @Nullable String keyword() {
        return keyword;
    }

    /** The tags, in the order that decides between several. */
    public List<String> tags() {
        return tags;
    }

    /** The tag of a prompt that mentions none. */
    public String defaultTag() {
        return defaultTag;
    }

    /** The tag that decides for {@code prompt}: the first configured one it mentions, else the default. */
    public String tag(String prompt) {
        Set<String> mentioned = mentioned(prompt);
        return mentioned.isEmpty() ? defaultTag : mentioned.iterator().next();
    }

    /** Every tag {@code prompt} mentions, in the configured order; empty for none (or a null prompt). */
    public Set<String> mentioned(String prompt) {
        if (prompt == null || keyword == null) {
            return Set.of();
        }
        String text = prompt.toLowerCase(Locale.ROOT);
        String word = keyword.toLowerCase(Locale.ROOT);
        Set<String> found = new LinkedHashSet<>();
        for (int i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
            if (i > 0 && isLetterOrNumber(text.codePointBefore(i))) {
                continue;
            }
            int j = i + word.length();
            while (j < text.length() && isSeparator(text.charAt(j))) {
                j++;
            }
            for (String tag : tags) {
                if (text.startsWith(tag.toLowerCase(Locale.ROOT), j) && endsThere(text, j + tag.length(), tag)) {
                    found.add(tag);
                }
            }
        }
        Set<String> ordered = new LinkedHashSet<>();
        tags.stream().filter(found::contains).forEach(ordered::add);
        return Collections.unmodifiableSet(ordered);
    }

    // A tag ending in a digit must not run on into another digit; one ending in a letter, into a letter or digit.
    private static boolean endsThere(String text, int end, String tag) {
        if (end >= text.length()) {
            return true;
        }
        int last = tag.codePointBefore(tag.length());
        int next = text.codePointAt(end);
        return isNumber(last) ? !isNumber(next) : !Character.isLetter(last) || !isLetterOrNumber(next);
    }

    private static boolean isSeparator(char c) {
        return c == '-' || c == '_' || UnicodeText.isWhiteSpace(c);
    }

    private static boolean isLetterOrNumber(int cp) {
        return Character.isLetter(cp) || isNumber(cp);
    }

    private static boolean isNumber(int cp) {
        int type = Character.getType(cp);
        return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ScenarioTagger that && Objects.equals(keyword, that.keyword) && tags.equals(that.tags)
                && defaultTag.equals(that.defaultTag);
    }

    @Override
    public int hashCode() {
        return Objects.hash(keyword, tags, defaultTag);
    }

    @Override
    public String toString() {
        return keyword == null ? "ScenarioTagger{none}" : "ScenarioTagger{" + keyword + " " + tags + ", default "
                + defaultTag + "}";
    }
}

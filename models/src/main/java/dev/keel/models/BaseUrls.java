package dev.keel.models;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Provider base URLs: the default addresses of the hosted providers, and a URL shown without its credentials (a URL
 * may carry user information, {@code http://user:password@host:11434}, as {@code OLLAMA_HOST} allows, which the
 * backends send as a header and never print). Pure and thread-safe (no state).
 */
public final class BaseUrls {

    /** The OpenAI API: where the {@code openai} provider kind calls when the configuration names no base URL. */
    public static final String OPENAI = "https://api.openai.com/v1";

    /** The Anthropic API: where the {@code anthropic} provider kind calls when the configuration names no base URL. */
    public static final String ANTHROPIC = "https://api.anthropic.com/v1/";

    /** What stands in the place of a secret in every text Keel shows. */
    public static final String MARK = "[REDACTED]";

    /** {@code scheme://} followed by user information: everything up to the last {@code @} of the word. */
    private static final Pattern USER_INFO = Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)\\S*@");

    private BaseUrls() {
    }

    /**
     * {@code text} with the user information of every URL in it replaced by {@value #MARK}
     * ({@code http://[REDACTED]@host:11434}), for logs and reports; null stays null.
     */
    public static @Nullable String redact(@Nullable String text) {
        return text == null ? null : USER_INFO.matcher(text).replaceAll("$1" + Matcher.quoteReplacement(MARK) + "@");
    }
}

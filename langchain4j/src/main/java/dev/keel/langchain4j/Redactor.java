package dev.keel.langchain4j;

import dev.keel.models.BaseUrls;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Removes secrets from a provider's exception before it is kept as a cause ({@link RedactedCause}): every registered
 * secret value, and anything shaped like a bearer token, an {@code sk-} style API key or an {@code api_key=...}
 * pair, so that a provider that echoes a key it does not know still cannot leak it. Immutable, pure and
 * thread-safe.
 */
final class Redactor {

    /** What a secret is replaced by: the one mark of every redaction, {@link BaseUrls#MARK}. */
    public static final String MARK = BaseUrls.MARK;

    /** Shorter values are not treated as secrets: redacting them would mangle ordinary text. */
    private static final int MIN_SECRET_LENGTH = 4;

    private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]{4,}");
    private static final Pattern KEY_LIKE = Pattern.compile("\\b(?:sk|pk|rk|xai|gsk)-[A-Za-z0-9_-]{6,}");
    private static final Pattern KEY_FIELD = Pattern.compile(
            "(?i)((?:api[_-]?key|x-api-key|access[_-]?token|authorization|secret)[\"']?\\s*[:=]\\s*[\"']?)[^\\s\"',;}]{4,}");

    private static final Redactor NONE = new Redactor(List.of());

    private final List<String> secrets;

    private Redactor(List<String> secrets) {
        this.secrets = secrets;
    }

    /** A redactor for {@code secrets} (values shorter than 4 characters are ignored) and the shapes above. */
    public static Redactor of(Collection<String> secrets) {
        List<String> values = new ArrayList<>();
        for (String secret : secrets) {
            if (secret != null && secret.strip().length() >= MIN_SECRET_LENGTH && !values.contains(secret.strip())) {
                values.add(secret.strip());
            }
        }
        // longest first, so that a secret containing another is removed whole
        values.sort(Comparator.comparingInt(String::length).reversed());
        return values.isEmpty() ? NONE : new Redactor(List.copyOf(values));
    }

    public static Redactor none() {
        return NONE;
    }

    /** {@code text} with every secret replaced by {@value #MARK}; null stays null. */
    public @Nullable String redact(@Nullable String text) {
        if (text == null) {
            return null;
        }
        String result = text;
        for (String secret : secrets) {
            result = result.replace(secret, MARK);
        }
        result = BEARER.matcher(result).replaceAll("$1" + Matcher.quoteReplacement(MARK));
        result = KEY_LIKE.matcher(result).replaceAll(Matcher.quoteReplacement(MARK));
        result = KEY_FIELD.matcher(result).replaceAll("$1" + Matcher.quoteReplacement(MARK));
        return result;
    }
}

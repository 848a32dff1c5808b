package dev.keel.spring.boot;

import dev.keel.core.ConfigurationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The check that a property holds no placeholder that nothing resolved. Spring leaves {@code ${DB_PASSWORD}} in a
 * bound property as it is when no variable or property of that name exists, so without it a missing secret is
 * used as its own placeholder text: a password that fails at the database, a file under a directory named
 * {@code ${DATA_DIR}}. Stateless and thread-safe.
 */
final class Placeholders {

    /** The name of a placeholder, without its default (a placeholder with a default is always resolved). */
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}:]+)}");

    private Placeholders() {
    }

    /**
     * @param property the property's name, for the message
     * @param value    its value, or null when unset; never part of the message
     * @throws ConfigurationException naming the property and the placeholder's variable when it holds one
     */
    public static void requireResolved(String property, @Nullable String value) {
        if (value == null) {
            return;
        }
        Matcher placeholder = PLACEHOLDER.matcher(value);
        if (placeholder.find()) {
            String name = placeholder.group(1).strip();
            throw new ConfigurationException(property + " holds the placeholder ${" + name + "}, which nothing"
                    + " resolves: set the environment variable " + name + " (or a property of that name)");
        }
    }
}

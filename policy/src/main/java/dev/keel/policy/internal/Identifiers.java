package dev.keel.policy.internal;

import dev.keel.core.text.JsText;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The canonical form of role, clearance and domain names, so that {@code "Top Secret"}, {@code "top-secret"}
 * and {@code "top_secret"} name the same clearance.
 *
 * <p>Canonical form: JavaScript {@code trim}, lower case (locale-independent), and every run of white space,
 * hyphens, dashes and underscores replaced by one {@code _}. Policy documents must already use canonical
 * names (see {@link #NAME_PATTERN}); names from callers are canonicalised before lookup. Pure and thread-safe.
 */
public final class Identifiers {

    /** What a name in a policy document must look like: the canonical form of a sensible name. */
    public static final String NAME_PATTERN = "^[a-z0-9]+(?:[._:][a-z0-9]+)*$";

    /** The message for a name that does not match {@link #NAME_PATTERN}. */
    public static final String NAME_RULE = "must be lower-case ASCII letters and digits, words joined by one"
            + " of _ . : (for example top_secret)";

    private static final Pattern SEPARATOR_RUN = Pattern.compile("[\\s\\u00A0\\u2007\\u202F\\-\\u2010-\\u2015_]+");

    private Identifiers() {
    }

    /** The canonical form of {@code raw}. */
    public static String canonical(String raw) {
        return SEPARATOR_RUN.matcher(JsText.trim(raw).toLowerCase(Locale.ROOT)).replaceAll("_");
    }
}

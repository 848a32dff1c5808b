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
 * names (the {@code name} of the policy document's JSON Schema); names from callers are canonicalised before lookup. Pure and thread-safe.
 */
public final class Identifiers {

    private static final Pattern SEPARATOR_RUN = Pattern.compile("[\\s\\u00A0\\u2007\\u202F\\-\\u2010-\\u2015_]+");

    private Identifiers() {
    }

    /** The canonical form of {@code raw}. */
    public static String canonical(String raw) {
        return SEPARATOR_RUN.matcher(JsText.trim(raw).toLowerCase(Locale.ROOT)).replaceAll("_");
    }
}

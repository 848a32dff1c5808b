package dev.keel.core.text;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The canonical form of role, clearance and domain names, so that {@code "Top Secret"}, {@code "top-secret"}
 * and {@code "top_secret"} name the same clearance.
 *
 * <p>Canonical form: JavaScript {@code trim}, lower case (locale-independent), and every run of white space,
 * hyphens, dashes and underscores replaced by one {@code _}. The form is idempotent: a canonical name is its own
 * canonical form. Policy documents must already spell their names so; a {@link dev.keel.core.Principal} puts its
 * names in this form once, when it is made, and a name from anywhere else is put in it before it is compared.
 *
 * <p>Pure functions; thread-safe.
 */
public final class Names {

    private static final Pattern SEPARATOR_RUN = Pattern.compile("[\\s\\u00A0\\u2007\\u202F\\-\\u2010-\\u2015_]+");

    private Names() {
    }

    /** The canonical form of {@code raw}. */
    public static String canonical(String raw) {
        return SEPARATOR_RUN.matcher(JsText.trim(raw).toLowerCase(Locale.ROOT)).replaceAll("_");
    }
}

package dev.keel.core.text;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The canonical form of names compared by meaning rather than spelling: roles, clearances, domains, tools and tool
 * arguments, so that {@code "Top Secret"}, {@code "top-secret"}, {@code "top_secret"} and the full-width
 * {@code "ＴＯＰ＿ＳＥＣＲＥＴ"} name the same clearance.
 *
 * <p>Canonical form: the name as a reader sees it ({@link NormalizedText#of}: invisible characters removed,
 * compatibility characters such as full-width letters made plain (NFKC), combining marks removed), lower case
 * (locale-independent, read so again, since lower-casing can add a mark, as {@code İ} does), JavaScript
 * {@code trim}, and every run of white space, hyphens, dashes and underscores replaced by one {@code _}. The form is
 * idempotent: a canonical name is its own canonical form, and an ASCII name of lower-case letters and digits joined
 * by {@code _ . :} (the names a policy document writes) is canonical. Policy documents must already spell their
 * names so; a {@link dev.keel.core.Principal} puts its names in this form once, when it is made, and a name from
 * anywhere else is put in it before it is compared.
 *
 * <p>Pure functions; thread-safe.
 */
public final class Names {

    private static final Pattern SEPARATOR_RUN = Pattern.compile("[\\s\\u00A0\\u2007\\u202F\\-\\u2010-\\u2015_]+");

    private Names() {
    }

    /** The canonical form of {@code raw}. */
    public static String canonical(String raw) {
        String lower = NormalizedText.of(raw).text().toLowerCase(Locale.ROOT);
        return SEPARATOR_RUN.matcher(JsText.trim(NormalizedText.of(lower).text())).replaceAll("_");
    }
}

package dev.keel.policy;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Restriction patterns shipped with keel-policy, which a policy document includes by name rather than writing them
 * out: the restriction {@code {"id": "no_credentials", "use": "keel:credentials"}} withholds what
 * {@link #CREDENTIALS} lists, with its description and replacement unless the entry gives its own. In code,
 * {@code PolicyDocument.builder().restrictionSet("no_credentials", RestrictionSet.CREDENTIALS)}, or
 * {@link #restriction(String)} for an outbound filter alone. Its patterns count towards the policy's
 * pattern budget ({@code docs/policy.md}, "Restriction patterns") like any others. Immutable and thread-safe.
 *
 * @param name        how a document names it: {@code keel:} and a canonical name
 * @param description what it withholds, for people
 * @param patterns    its restriction patterns (RE2 syntax), each within the bound on a single pattern
 * @param replacement the text put in place of each match unless the restriction gives its own
 */
public record RestrictionSet(String name, String description, List<String> patterns, String replacement) {

    /**
     * Credentials: private keys in PEM ({@code -----BEGIN ... PRIVATE KEY-----}) withheld whole, from the
     * {@code BEGIN} line through the matching {@code END} line, or to the end of the text when none follows, the body's
     * lines broken by line breaks or by the two characters {@code \n} of JSON-escaped text; OpenAI and Anthropic
     * keys ({@code sk-}, {@code sk-ant-}); AWS access key ids ({@code AKIA}, {@code ASIA}), secret access keys and
     * session tokens after their name ({@code aws_secret_access_key = ...}, {@code "SecretAccessKey": "..."}), and a
     * standalone 40-character secret within 64 characters of an access key id, before or after it; GitHub tokens
     * ({@code ghp_ gho_ ghu_ ghs_ ghr_}, fine-grained {@code github_pat_}); Slack tokens ({@code xoxb-} and the
     * others, {@code xapp-}); Google API keys ({@code AIza}); JSON Web Tokens ({@code eyJ...}{@code .eyJ...}{@code .});
     * a token after {@code Bearer} (as HTTP writes it, or any case after {@code Authorization:}). A prefixed key
     * is recognised at a word boundary or right after a JSON escape ({@code \n}, {@code \r}, {@code \t}), which
     * the match then includes. Replacement: {@code [credential withheld]}.
     */
    public static final String CREDENTIALS = "keel:credentials";

    // At a word boundary, or right after an escaped line break or tab of JSON-escaped text ("\nsk-...", where "n"
    // and "s" are both word characters).
    private static final String START = "(?:\\\\[nrt]|\\b)";
    private static final String ACCESS_KEY_ID = "(?:AKIA|ASIA)[0-9A-Z]{16}";
    // Forty characters of base64 standing alone: neither end touches another base64 character (an escaped line
    // break or tab before it, or an equals sign, does not count as one).
    private static final String SECRET_ACCESS_KEY =
            "(?:^|\\\\[nrt]|[^A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?:[^A-Za-z0-9/+=]|$)";
    private static final String PRIVATE_KEY_LINE = "[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----";

    private static final Map<String, RestrictionSet> SETS = Map.of(CREDENTIALS, new RestrictionSet(CREDENTIALS,
            "Credentials are never sent to a model and never shown: private keys (the whole PEM block), API keys,"
                    + " access tokens, cloud access keys and their secrets.",
            List.of("-----BEGIN" + PRIVATE_KEY_LINE + "(?s:.*?)(?:-----END" + PRIVATE_KEY_LINE + "|\\z)",
                    START + "sk-(?:ant-)?[A-Za-z0-9_-]{16,}",
                    START + ACCESS_KEY_ID + "\\b",
                    "(?i)(?:aws_?)?(?:secret_?access_?key|session_?token)[\\\\\"' \\t]*[:=][\\\\\"'\\s]*[A-Za-z0-9/+=]{16,}",
                    START + ACCESS_KEY_ID + "(?s:.{0,64}?)" + SECRET_ACCESS_KEY,
                    SECRET_ACCESS_KEY + "(?s:.{0,64}?)\\b" + ACCESS_KEY_ID + "\\b",
                    START + "gh[pousr]_[A-Za-z0-9]{30,}",
                    START + "github_pat_[A-Za-z0-9_]{22,}",
                    START + "(?:xox[abprs]|xapp)-[A-Za-z0-9-]{10,}",
                    START + "AIza[0-9A-Za-z_-]{35}",
                    START + "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*",
                    START + "(?:Bearer|BEARER|(?i:authorization)[\\\\\"' \\t]*[:=][\\\\\"'\\s]*(?i:bearer))\\s+"
                            + "[A-Za-z0-9._~+/-]{16,}=*"),
            "[credential withheld]"));

    public RestrictionSet {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        patterns = List.copyOf(patterns);
        Objects.requireNonNull(replacement, "replacement");
    }

    /** The set a document names {@code name} ({@link #CREDENTIALS}), if keel-policy ships one by that name. */
    public static Optional<RestrictionSet> named(String name) {
        return Optional.ofNullable(name == null ? null : SETS.get(name));
    }

    /** The names of the sets keel-policy ships. */
    public static List<String> names() {
        return SETS.keySet().stream().sorted().toList();
    }

    /** The set as a restriction named {@code id}, with the set's description and replacement. */
    public QualitativeRestriction restriction(String id) {
        return new QualitativeRestriction(id, description, patterns, replacement);
    }
}

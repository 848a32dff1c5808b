package dev.keel.policy.internal;

/** RFC 6901 JSON pointer segments. Pure and thread-safe. */
public final class JsonPointers {

    private JsonPointers() {
    }

    /** Escapes one reference token: {@code ~} as {@code ~0}, {@code /} as {@code ~1}. */
    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    /** {@code parent} followed by the escaped {@code token}. */
    public static String child(String parent, String token) {
        return parent + "/" + escape(token);
    }

    /** {@code parent} followed by an array index. */
    public static String child(String parent, int index) {
        return parent + "/" + index;
    }
}

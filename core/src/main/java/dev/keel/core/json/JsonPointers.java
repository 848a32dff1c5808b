package dev.keel.core.json;

import dev.keel.core.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * JSON pointers (RFC 6901) as plain strings: {@code ""} is the whole document, {@code "/roles/planner"} the member
 * {@code planner} of the member {@code roles}, {@code "/items/0"} the first item of an array. A reference token is
 * escaped by writing {@code ~} as {@code ~0} and {@code /} as {@code ~1}, so that {@code "/a~1b"} names the member
 * {@code a/b}. Pure and thread-safe.
 */
public final class JsonPointers {

    /** The pointer of the whole document. */
    public static final String ROOT = "";

    private JsonPointers() {
    }

    /** One reference token escaped: {@code ~} as {@code ~0}, then {@code /} as {@code ~1}. */
    public static String escape(String token) {
        if (token.indexOf('~') < 0 && token.indexOf('/') < 0) {
            return token;
        }
        return token.replace("~", "~0").replace("/", "~1");
    }

    /**
     * One escaped reference token read back: {@code ~1} as {@code /}, then {@code ~0} as {@code ~}.
     *
     * @throws InvalidInputException when the token holds {@code /}, or {@code ~} not followed by {@code 0} or
     *                                  {@code 1}
     */
    public static String unescape(String token) {
        if (token.indexOf('/') >= 0) {
            throw new InvalidInputException("a JSON pointer token cannot hold an unescaped '/'");
        }
        int tilde = token.indexOf('~');
        if (tilde < 0) {
            return token;
        }
        StringBuilder out = new StringBuilder(token.length());
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            if (c != '~') {
                out.append(c);
                continue;
            }
            char next = i + 1 < token.length() ? token.charAt(i + 1) : 0;
            if (next != '0' && next != '1') {
                throw new InvalidInputException("'~' in a JSON pointer must be followed by 0 or 1 (as ~0 or ~1)");
            }
            out.append(next == '0' ? '~' : '/');
            i++;
        }
        return out.toString();
    }

    /** The pointer of the member {@code key} of the object at {@code parent}. */
    public static String child(String parent, String key) {
        return parent + "/" + escape(key);
    }

    /** The pointer of the item {@code index} of the array at {@code parent}. */
    public static String child(String parent, int index) {
        if (index < 0) {
            throw new InvalidInputException("an array index is >= 0, not " + index);
        }
        return parent + "/" + index;
    }

    /** The pointer made of these (unescaped) reference tokens. */
    public static String of(List<String> tokens) {
        StringBuilder pointer = new StringBuilder();
        for (String token : tokens) {
            pointer.append('/').append(escape(token));
        }
        return pointer.toString();
    }

    /**
     * The unescaped reference tokens of {@code pointer}, in order; empty for {@link #ROOT}.
     *
     * @throws InvalidInputException when {@code pointer} is neither empty nor starts with {@code /}, or holds a
     *                                  {@code ~} that is not {@code ~0} or {@code ~1}
     */
    public static List<String> parse(String pointer) {
        if (pointer.isEmpty()) {
            return List.of();
        }
        if (pointer.charAt(0) != '/') {
            throw new InvalidInputException("a JSON pointer is empty or starts with '/'");
        }
        List<String> tokens = new ArrayList<>();
        int start = 1;
        while (true) {
            int slash = pointer.indexOf('/', start);
            tokens.add(unescape(pointer.substring(start, slash < 0 ? pointer.length() : slash)));
            if (slash < 0) {
                return Collections.unmodifiableList(tokens);
            }
            start = slash + 1;
        }
    }

    /** {@code pointer} as messages show it: {@code "/"} for the whole document, as it is otherwise. */
    public static String display(String pointer) {
        return pointer.isEmpty() ? "/" : pointer;
    }
}

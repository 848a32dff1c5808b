package dev.keel.core.json;

import dev.keel.core.WireFormatException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads one strict RFC 8259 JSON value from a {@link String} into the plain-value tree {@link JsonCodec} promises,
 * with the error codes and limits of {@link JsonLimits}. It exists because Jackson's streaming tokenizer alone cost
 * more than the whole validation of a typical stage output should. It accepts and refuses what Jackson's strict
 * parser did (a differential property test pins this), including Jackson's rules at the edges: a number at the top
 * level must be followed by white space; {@code true} directly followed by an identifier character is one
 * unrecognized token; escaped surrogates are taken as written in values but must pair up in keys; a key is checked
 * against the string limit as soon as it ends, a repeated key only after its value. Three Jackson quirks are not
 * kept: a number running to the end of the input is counted in full, the string limit does not apply to numbers,
 * and a backslash-u escape takes ASCII hex digits only.
 *
 * <p>Not thread-safe: one instance reads one text, once, through {@link #read(String, JsonLimits)}.
 */
final class StrictJsonReader {

    /**
     * Keys read lately, shared by every reader, so that documents of the same shape allocate and hash their keys
     * once. Racy on purpose: a slot holds null or some immutable String, and a key is taken from it only when it
     * matches the text, so a lost or stale update costs only a miss.
     */
    private static final String[] KEYS = new String[1024];
    /** Longer keys are rare and would pin more memory in {@link #KEYS}. */
    private static final int CACHED_KEY_MAX = 32;

    /** Digits a long holds whatever they are. */
    private static final int LONG_DIGITS = 18;

    private final String text;
    private final int end;
    private final JsonLimits limits;
    private int pos;
    private int depth;
    /**
     * Keys and values of the objects being read, items of the arrays being read, innermost last: one array for the
     * whole document, so that each object and array is allocated once, at its final size.
     */
    private Object[] stack = new Object[32];
    private int top;

    private StrictJsonReader(String text, JsonLimits limits) {
        this.text = text;
        this.end = text.length();
        this.limits = limits;
    }

    /** The value of {@code text}, which the caller has checked against the document limit. */
    static Object read(String text, JsonLimits limits) {
        return new StrictJsonReader(text, limits).readDocument();
    }

    private Object readDocument() {
        int c = skipWhitespace();
        if (c < 0) {
            throw new WireFormatException("json_malformed", "empty JSON document");
        }
        Object value = readValue(c);
        c = skipWhitespace();
        if (c >= 0) {
            int at = pos;
            // As Jackson did: what follows is read as far as its first token, so a broken token is malformed JSON;
            // a number is checked but not converted (1e99999999999 is well-formed, just not a BigDecimal).
            if (c == '-' || (c >= '0' && c <= '9')) {
                readNumber(false);
            } else if (c != '{' && c != '[' && c != '"') {
                readValue(c);
            }
            throw new WireFormatException("json_trailing_content", "unexpected content after the JSON value " + where(at));
        }
        return value;
    }

    /** The value starting with {@code c} at {@code pos}; -1 (the end of the text) is reported as such. */
    private Object readValue(int c) {
        switch (c) {
            case '{':
                return readObject();
            case '[':
                return readArray();
            case '"':
                return checkedString(pos, readString(false));
            case 't':
                return readLiteral("true", Boolean.TRUE);
            case 'f':
                return readLiteral("false", Boolean.FALSE);
            case 'n':
                return readLiteral("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return readNumber(true);
                }
                throw unexpected(pos, "expected a value");
        }
    }

    private Object readObject() {
        enter();
        int base = top;
        Set<String> largeObjectKeys = null;
        int c = skipWhitespace();
        while (c != '}') {
            if (c != '"') {
                throw unexpected(pos, "expected a double-quoted key");
            }
            int keyAt = pos;
            String key = checkedString(keyAt, readString(true));
            if (skipWhitespace() != ':') {
                throw unexpected(pos, "expected ':' after the key");
            }
            pos++;
            push(key);
            push(readValue(skipWhitespace()));
            // After the value, as the Jackson-based reader found duplicates: an error inside the value comes first.
            int previousKeysEnd = top - 2;
            boolean duplicate = false;
            if (previousKeysEnd - base < 2 * ParsedObject.LINEAR_MAX) {
                for (int i = base; i < previousKeysEnd && !duplicate; i += 2) {
                    duplicate = key.equals(stack[i]);
                }
            } else {
                if (largeObjectKeys == null) {
                    largeObjectKeys = new HashSet<>();
                    for (int i = base; i < previousKeysEnd; i += 2) {
                        largeObjectKeys.add((String) stack[i]);
                    }
                }
                duplicate = !largeObjectKeys.add(key);
            }
            if (duplicate) {
                throw new WireFormatException("json_duplicate_key", "duplicate key '" + key + "' " + where(keyAt));
            }
            c = skipWhitespace();
            if (c == ',') {
                pos++;
                c = skipWhitespace();
                if (c == '}') {
                    throw unexpected(pos, "expected a double-quoted key");
                }
            } else if (c != '}') {
                throw unexpected(pos, "expected ',' or '}' after an object member");
            }
        }
        pos++;
        depth--;
        return new ParsedObject(pop(base));
    }

    private List<Object> readArray() {
        enter();
        int base = top;
        int c = skipWhitespace();
        while (c != ']') {
            push(readValue(c));
            c = skipWhitespace();
            if (c == ',') {
                pos++;
                c = skipWhitespace();
                if (c == ']') {
                    throw unexpected(pos, "expected a value");
                }
            } else if (c != ']') {
                throw unexpected(pos, "expected ',' or ']' after an array item");
            }
        }
        pos++;
        depth--;
        return Collections.unmodifiableList(Arrays.asList(pop(base)));
    }

    private void push(Object value) {
        if (top == stack.length) {
            stack = Arrays.copyOf(stack, top * 2);
        }
        stack[top++] = value;
    }

    /** The entries or items of the object or array that opened at {@code base}, taken off the stack. */
    private Object[] pop(int base) {
        Object[] slice = Arrays.copyOfRange(stack, base, top);
        top = base;
        return slice;
    }

    /** Steps into the object or array at {@code pos}. */
    private void enter() {
        if (++depth > limits.maxDepth()) {
            throw new WireFormatException("json_too_deep", "nesting depth " + depth + " exceeds the limit of "
                    + limits.maxDepth() + " " + where(pos));
        }
        pos++;
    }

    /**
     * The string starting at the quote at {@code pos}; leaves {@code pos} after its closing quote. A key's escaped
     * surrogates must pair up, as Jackson requires of keys (and not of values).
     */
    private String readString(boolean key) {
        int start = pos + 1;
        int hash = 0;
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c == '"') {
                pos = i + 1;
                return key ? cachedKey(start, i, hash) : text.substring(start, i);
            }
            if (c == '\\' || c < 0x20) {
                pos = i;
                return readEscapedString(start, key);
            }
            hash = 31 * hash + c;
        }
        throw malformed(end, "unexpected end of input in a string");
    }

    /** The key at {@code [start, stop)}, whose {@link String#hashCode()} is {@code hash}, from {@link #KEYS} if there. */
    private String cachedKey(int start, int stop, int hash) {
        int length = stop - start;
        if (length > CACHED_KEY_MAX) {
            return text.substring(start, stop);
        }
        int slot = (hash ^ hash >>> 16) & (KEYS.length - 1);
        String cached = KEYS[slot];
        if (cached != null && cached.hashCode() == hash && cached.length() == length && text.startsWith(cached, start)) {
            return cached;
        }
        String key = text.substring(start, stop);
        key.hashCode(); // cached in the String, for the check above and for the maps the key goes into
        KEYS[slot] = key;
        return key;
    }

    /** The slow path of {@link #readString}, from the first escape or control character at {@code pos}. */
    private String readEscapedString(int start, boolean key) {
        StringBuilder out = new StringBuilder(pos - start + 16).append(text, start, pos);
        while (pos < end) {
            char c = text.charAt(pos);
            if (c == '"') {
                pos++;
                return out.toString();
            }
            if (c < 0x20) {
                throw malformed(pos, "control character U+" + hex4(c) + " must be escaped in a string");
            }
            if (c != '\\') {
                out.append(c);
                pos++;
                continue;
            }
            int escapeAt = pos;
            char unit = readEscape();
            if (key && Character.isSurrogate(unit)) {
                if (Character.isLowSurrogate(unit)) {
                    throw malformed(escapeAt, "escaped low surrogate U+" + hex4(unit) + " without a high one before it in a key");
                }
                if (pos >= end || text.charAt(pos) != '\\') {
                    throw malformed(pos, "escaped high surrogate U+" + hex4(unit) + " not followed by an escaped low one in a key");
                }
                out.append(unit);
                escapeAt = pos;
                unit = readEscape();
                if (!Character.isLowSurrogate(unit)) {
                    throw malformed(escapeAt, "expected an escaped low surrogate in a key, found U+" + hex4(unit));
                }
            }
            out.append(unit);
        }
        throw malformed(end, "unexpected end of input in a string");
    }

    /** The code unit of the escape whose backslash is at {@code pos}; leaves {@code pos} after it. */
    private char readEscape() {
        if (pos + 1 >= end) {
            throw malformed(end, "unexpected end of input in an escape");
        }
        char escaped = text.charAt(pos + 1);
        pos += 2;
        switch (escaped) {
            case '"':
            case '\\':
            case '/':
                return escaped;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                return readHex4();
            default:
                throw malformed(pos - 1, "unrecognized escape '\\" + escaped + "'");
        }
    }

    /**
     * The code unit of the four hex digits at {@code pos}, ASCII only (Jackson also took any character whose low
     * byte is a hex digit); a lone surrogate in a value is taken as written, as Jackson did.
     */
    private char readHex4() {
        int value = 0;
        for (int stop = pos + 4; pos < stop; pos++) {
            if (pos >= end) {
                throw malformed(end, "unexpected end of input in a \\u escape");
            }
            char c = text.charAt(pos);
            int digit = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
            if (digit < 0) {
                throw unexpected(pos, "expected a hex digit in a \\u escape");
            }
            value = value << 4 | digit;
        }
        return (char) value;
    }

    private String checkedString(int at, String value) {
        if (value.length() > limits.maxStringLength()) {
            throw new WireFormatException("json_string_too_long", "string of " + value.length()
                    + " characters exceeds the limit of " + limits.maxStringLength() + " " + where(at));
        }
        return value;
    }

    private Object readLiteral(String literal, Object value) {
        int start = pos;
        int after = start + literal.length();
        // Jackson's rule: "truex" or "null1" is one unrecognized token, while "true]" or "true:" ends at the literal.
        if (!text.startsWith(literal, start) || (after < end && isIdentifierPartAfterLiteral(text.charAt(after)))) {
            throw unexpected(start, "expected a value");
        }
        pos = after;
        return value;
    }

    private static boolean isIdentifierPartAfterLiteral(char c) {
        return c >= '0' && c != ']' && c != '}' && Character.isJavaIdentifierPart(c);
    }

    /**
     * An exact {@link BigDecimal}: integers with scale 0, decimals with the scale they were written with. The length
     * limit counts digits (sign, decimal point and exponent marker aside), as Jackson's did. Without
     * {@code convert}, only checks the number and returns null.
     */
    private BigDecimal readNumber(boolean convert) {
        int start = pos;
        int i = start;
        boolean negative = text.charAt(i) == '-';
        if (negative) {
            i++;
        }
        if (i >= end || !isDigit(text.charAt(i))) {
            throw i >= end ? malformed(i, "unexpected end of input after a minus sign")
                    : unexpected(i, "expected a digit after a minus sign");
        }
        long unscaled = 0;
        int intStart = i;
        if (text.charAt(i) == '0') {
            i++;
            if (i < end && isDigit(text.charAt(i))) {
                throw malformed(i, "leading zeros are not allowed in a number");
            }
        } else {
            for (; i < end && isDigit(text.charAt(i)); i++) {
                unscaled = unscaled * 10 + (text.charAt(i) - '0');
            }
        }
        int intDigits = i - intStart;
        int fractionDigits = 0;
        int exponentDigits = 0;
        boolean integral = true;
        if (i < end && text.charAt(i) == '.') {
            integral = false;
            int fractionStart = ++i;
            for (; i < end && isDigit(text.charAt(i)); i++) {
                unscaled = unscaled * 10 + (text.charAt(i) - '0');
            }
            fractionDigits = i - fractionStart;
            if (fractionDigits == 0) {
                throw digitExpected(i, "a decimal point");
            }
        }
        boolean exponent = i < end && (text.charAt(i) | 0x20) == 'e';
        if (exponent) {
            integral = false;
            if (++i < end && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            int exponentStart = i;
            while (i < end && isDigit(text.charAt(i))) {
                i++;
            }
            exponentDigits = i - exponentStart;
            if (exponentDigits == 0) {
                throw digitExpected(i, "an exponent marker");
            }
        }
        pos = i;
        if (depth == 0 && i < end && !isWhitespace(text.charAt(i))) {
            throw unexpected(i, "expected white space after a number at the top level");
        }
        int digits = intDigits + fractionDigits + exponentDigits;
        if (digits > limits.maxNumberLength()) {
            throw new WireFormatException("json_number_too_long", "number of " + digits + " digits exceeds the limit of "
                    + limits.maxNumberLength() + " " + where(start));
        }
        if (!convert) {
            return null;
        }
        if (!exponent && intDigits + fractionDigits <= LONG_DIGITS) {
            long signed = negative ? -unscaled : unscaled;
            return integral ? BigDecimal.valueOf(signed) : BigDecimal.valueOf(signed, fractionDigits);
        }
        try {
            return new BigDecimal(text.substring(start, i));
        } catch (NumberFormatException e) {
            throw new WireFormatException("json_malformed", "malformed JSON " + where(start)
                    + ": number out of range (its exponent or scale passes " + Integer.MAX_VALUE + ")", e);
        }
    }

    private WireFormatException digitExpected(int at, String after) {
        return at >= end ? malformed(at, "unexpected end of input after " + after)
                : unexpected(at, "expected a digit after " + after);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    /** The next character after white space, left at {@code pos}, or -1 at the end of the text. */
    private int skipWhitespace() {
        for (; pos < end; pos++) {
            char c = text.charAt(pos);
            if (c > ' ') {
                return c;
            }
            if (!isWhitespace(c)) {
                throw malformed(pos, "control character U+" + hex4(c)
                        + " between tokens; only space, tab, line feed and carriage return may stand there");
            }
        }
        return -1;
    }

    // ---- errors ----

    private WireFormatException malformed(int at, String detail) {
        return new WireFormatException("json_malformed", "malformed JSON " + where(at) + ": " + detail);
    }

    /** Names what stands at {@code at}: a whole unrecognized word, so "not json" reads as the token 'not'. */
    private WireFormatException unexpected(int at, String expectation) {
        if (at >= end) {
            return malformed(at, "unexpected end of input; " + expectation);
        }
        char c = text.charAt(at);
        if (Character.isJavaIdentifierStart(c)) {
            int tokenEnd = at + 1;
            while (tokenEnd < end && tokenEnd - at < 40 && Character.isJavaIdentifierPart(text.charAt(tokenEnd))) {
                tokenEnd++;
            }
            return malformed(at, "unrecognized token '" + text.substring(at, tokenEnd) + "'; " + expectation);
        }
        String shown = c >= 0x20 && c < 0x7F ? "'" + c + "'" : "U+" + hex4(c);
        return malformed(at, "unexpected character " + shown + "; " + expectation);
    }

    private static String hex4(char c) {
        String hex = Integer.toHexString(c).toUpperCase(Locale.ROOT);
        return "0000".substring(hex.length()) + hex;
    }

    /** "at line L, column C" of offset {@code at}; a line ends at LF, CR or CRLF, as Jackson counted. */
    private String where(int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at && i < end; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= end || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return "at line " + line + ", column " + (at - lineStart + 1);
    }
}

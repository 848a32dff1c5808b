package dev.keel.core.json;

/**
 * Size limits the codec enforces on input, each failing with its own {@link dev.keel.core.WireFormatException}
 * code. Immutable and thread-safe.
 *
 * @param maxDepth          deepest nesting of objects and arrays (the root object is depth 1)
 * @param maxStringLength   longest string value or key, in UTF-16 code units
 * @param maxNumberLength   longest number, in digits (its sign, decimal point and exponent marker not counted)
 * @param maxDocumentLength longest document, in UTF-16 code units
 */
public record JsonLimits(int maxDepth, int maxStringLength, int maxNumberLength, long maxDocumentLength) {

    /** Depth 64, strings of 1,000,000 characters, numbers of 100 characters, documents of 8 MiB characters. */
    public static final JsonLimits DEFAULTS = new JsonLimits(64, 1_000_000, 100, 8L * 1024 * 1024);

    public JsonLimits {
        if (maxDepth < 1 || maxStringLength < 1 || maxNumberLength < 1 || maxDocumentLength < 1) {
            throw new IllegalArgumentException("every JSON limit must be >= 1: " + this);
        }
    }

    public JsonLimits withMaxDepth(int value) {
        return new JsonLimits(value, maxStringLength, maxNumberLength, maxDocumentLength);
    }

    public JsonLimits withMaxStringLength(int value) {
        return new JsonLimits(maxDepth, value, maxNumberLength, maxDocumentLength);
    }

    public JsonLimits withMaxNumberLength(int value) {
        return new JsonLimits(maxDepth, maxStringLength, value, maxDocumentLength);
    }

    public JsonLimits withMaxDocumentLength(long value) {
        return new JsonLimits(maxDepth, maxStringLength, maxNumberLength, value);
    }
}

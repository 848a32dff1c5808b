package dev.keel.core.json;

import dev.keel.core.ConfigurationException;

/**
 * Size limits the codec enforces on input, each failing with its own {@link dev.keel.core.WireFormatException}
 * code. Immutable and thread-safe.
 *
 * @param maxDepth          deepest nesting of objects and arrays (the root object is depth 1); {@code json_too_deep}
 * @param maxStringLength   longest string value or key, in UTF-16 code units; {@code json_string_too_long}
 * @param maxNumberLength   longest number, in digits (its sign, decimal point and exponent marker not counted);
 *                          {@code json_number_too_long}
 * @param maxDocumentLength longest document, in UTF-16 code units; {@code json_document_too_large}
 * @param maxNumberScale    largest magnitude of a number's decimal scale, that is of the power of ten its last digit
 *                          stands for: {@code 0.80} has scale 2, {@code 1e5} scale -5, {@code 1.5e-7} scale 8.
 *                          Bounds how long a number can become when written out in full, so that no parsed number
 *                          can be expanded into a huge string; {@code json_number_out_of_range}
 */
public record JsonLimits(int maxDepth, int maxStringLength, int maxNumberLength, long maxDocumentLength,
                         int maxNumberScale) {

    /** The scale limit {@link #DEFAULTS} has and the four-limit constructor gives. */
    public static final int DEFAULT_MAX_NUMBER_SCALE = 1000;

    /**
     * Depth 64, strings of 1,000,000 characters, numbers of 100 digits, documents of 8 MiB characters, number
     * scales within ±1,000.
     */
    public static final JsonLimits DEFAULTS = new JsonLimits(64, 1_000_000, 100, 8L * 1024 * 1024);

    public JsonLimits {
        if (maxDepth < 1 || maxStringLength < 1 || maxNumberLength < 1 || maxDocumentLength < 1 || maxNumberScale < 0) {
            throw new ConfigurationException("every JSON limit must be >= 1 (the number scale >= 0): " + this);
        }
    }

    /** Limits with the {@linkplain #DEFAULT_MAX_NUMBER_SCALE default number scale limit}. */
    public JsonLimits(int maxDepth, int maxStringLength, int maxNumberLength, long maxDocumentLength) {
        this(maxDepth, maxStringLength, maxNumberLength, maxDocumentLength, DEFAULT_MAX_NUMBER_SCALE);
    }

    public JsonLimits withMaxDepth(int value) {
        return new JsonLimits(value, maxStringLength, maxNumberLength, maxDocumentLength, maxNumberScale);
    }

    public JsonLimits withMaxStringLength(int value) {
        return new JsonLimits(maxDepth, value, maxNumberLength, maxDocumentLength, maxNumberScale);
    }

    public JsonLimits withMaxNumberLength(int value) {
        return new JsonLimits(maxDepth, maxStringLength, value, maxDocumentLength, maxNumberScale);
    }

    public JsonLimits withMaxDocumentLength(long value) {
        return new JsonLimits(maxDepth, maxStringLength, maxNumberLength, value, maxNumberScale);
    }

    public JsonLimits withMaxNumberScale(int value) {
        return new JsonLimits(maxDepth, maxStringLength, maxNumberLength, maxDocumentLength, value);
    }
}

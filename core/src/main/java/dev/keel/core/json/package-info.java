/**
 * The one JSON wire codec every Keel module uses: {@link dev.keel.core.json.JsonCodec}.
 *
 * <p>Strict by design: duplicate keys, trailing content, comments, NaN and leading zeros are rejected; nesting
 * depth, string length, number length and document size are limited ({@link dev.keel.core.json.JsonLimits});
 * every number is kept exact as a {@link java.math.BigDecimal}, so {@code 0.80} keeps its two decimal places;
 * keys are written in a stable order. Parsed JSON is a tree of plain Java values, so no Jackson type leaks into
 * the public API of the modules that use it.
 *
 * <p>Codec instances are immutable and thread-safe.
 */
package dev.keel.core.json;

/**
 * The one JSON wire codec every Keel module uses, {@link dev.keel.core.json.JsonCodec}, and the reader that turns
 * its trees into typed values, {@link dev.keel.core.json.JsonTreeReader}; and the document formats defined once, by a
 * shipped JSON Schema that validates and a record that binds, {@link dev.keel.core.json.DocumentFormat}.
 *
 * <p>Strict by design: duplicate keys, trailing content, comments, NaN and leading zeros are rejected; nesting
 * depth, string length, number length, number scale and document size are limited
 * ({@link dev.keel.core.json.JsonLimits}); every number is kept exact as a {@link java.math.BigDecimal}, so
 * {@code 0.80} keeps its two decimal places; keys are written in a stable order. Parsed JSON is a tree of plain Java
 * values, so no Jackson type leaks into the public API of the modules that use it. Problems in a document are
 * values with a JSON pointer ({@link dev.keel.core.json.JsonProblem}, {@link dev.keel.core.json.JsonPointers}),
 * collected and thrown once. {@link dev.keel.core.json.JsonNumbers} renders numbers for messages without ever
 * expanding them. {@code docs/json.md} describes all of it.
 *
 * <p>Codec and format instances are immutable and thread-safe; a tree reader reads one document on one thread; the static
 * helpers are pure.
 */
package dev.keel.core.json;

/**
 * Reading evidence files: the strict, typed CSV reader ({@link dev.keel.evidence.loader.CsvTableReader}) that puts
 * a locator on every value. A malformed file fails with a {@link dev.keel.evidence.loader.MalformedEvidenceException}
 * naming the file, the line or JSON pointer, and the problem. Readers are pure apart from what they are given to
 * read, and thread-safe.
 */
package dev.keel.evidence.loader;

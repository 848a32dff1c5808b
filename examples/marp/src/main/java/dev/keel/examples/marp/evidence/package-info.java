/**
 * The MARP assistant's evidence: regulated knowledge (calendars, thresholds, bottlenecks, policy flags) and the
 * governed weekly data view as typed values whose every item carries its locator; their readers and sources;
 * evidence routing by scenario; the confidence assessment; and the provenance stub.
 *
 * <p>Everything here is pure and thread-safe apart from the file-backed sources; values are immutable.
 */
package dev.keel.examples.marp.evidence;

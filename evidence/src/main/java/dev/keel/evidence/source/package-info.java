/**
 * Evidence values: {@link dev.keel.evidence.source.Locator}s naming where a value sits in its source, and
 * {@link dev.keel.evidence.source.EvidenceItem}s labelled with their data domain, collected in an
 * {@link dev.keel.evidence.source.EvidenceSet}. Pure, immutable and thread-safe.
 */
package dev.keel.evidence.source;

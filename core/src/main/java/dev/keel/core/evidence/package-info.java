/**
 * Evidence values: {@link dev.keel.core.evidence.Locator}s naming where a value sits in its source, and
 * {@link dev.keel.core.evidence.EvidenceItem}s labelled with their data domain, collected in an
 * {@link dev.keel.core.evidence.EvidenceSet}. Pure, immutable and thread-safe.
 */
package dev.keel.core.evidence;

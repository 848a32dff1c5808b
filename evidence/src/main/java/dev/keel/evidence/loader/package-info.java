/**
 * Readers of the evidence files of seed 000: regulated knowledge JSON ({@link dev.keel.evidence.loader.RegulatedKnowledgeReader})
 * and governed data CSV ({@link dev.keel.evidence.loader.GovernedDataReader}), and file-backed evidence sources
 * ({@link dev.keel.evidence.loader.EvidenceFiles}). A malformed file fails with a
 * {@link dev.keel.evidence.loader.MalformedEvidenceException} naming the file, the JSON pointer or line, and the
 * problem. This is the only package of the evidence module that reads files; readers are thread-safe.
 */
package dev.keel.evidence.loader;

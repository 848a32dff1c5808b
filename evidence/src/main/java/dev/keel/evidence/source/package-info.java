/**
 * Keel's evidence plane, part two (seed 000): regulated knowledge and governed data as typed values whose every item
 * carries its {@link dev.keel.evidence.source.Locator}; the sources they come from
 * ({@link dev.keel.evidence.source.RegulatedKnowledgeSource}, {@link dev.keel.evidence.source.GovernedDataSource});
 * evidence routing by scenario ({@link dev.keel.evidence.source.EvidenceRouter}); the
 * {@link dev.keel.evidence.source.EvidenceCollector} that reads only what the route needs; the confidence assessment;
 * and the provenance stub.
 *
 * <p>Everything here is pure and thread-safe (the collector as far as its sources are); values are immutable.
 * Reading files is the job of {@code dev.keel.evidence.loader}.
 */
package dev.keel.evidence.source;

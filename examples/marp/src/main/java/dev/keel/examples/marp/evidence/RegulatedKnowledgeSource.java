package dev.keel.examples.marp.evidence;

import java.util.Objects;

/**
 * Where regulated knowledge comes from. The collector calls {@link #read()} only when routing needs it, so a
 * recording source shows which sources an answer used. Implementations must be thread-safe; {@link #read()} returns
 * complete knowledge or throws, never a part.
 */
public interface RegulatedKnowledgeSource {

    /** The name the provenance stub lists (a file name). */
    String name();

    RegulatedKnowledge read();

    /** A source over knowledge already in memory. */
    static RegulatedKnowledgeSource of(RegulatedKnowledge knowledge) {
        Objects.requireNonNull(knowledge, "knowledge");
        return new RegulatedKnowledgeSource() {
            @Override
            public String name() {
                return knowledge.source();
            }

            @Override
            public RegulatedKnowledge read() {
                return knowledge;
            }
        };
    }
}

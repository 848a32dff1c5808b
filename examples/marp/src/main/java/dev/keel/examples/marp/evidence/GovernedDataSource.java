package dev.keel.examples.marp.evidence;

import java.util.Objects;

/**
 * Where governed data comes from. The collector calls {@link #read()} only when routing sends the request to
 * governed data (never for SCENARIO 1 or 2). Implementations must be thread-safe; {@link #read()} returns complete
 * data or throws, never a part.
 */
public interface GovernedDataSource {

    /** The name the provenance stub lists (a file name). */
    String name();

    GovernedData read();

    /** A source over data already in memory. */
    static GovernedDataSource of(GovernedData data) {
        Objects.requireNonNull(data, "data");
        return new GovernedDataSource() {
            @Override
            public String name() {
                return data.source();
            }

            @Override
            public GovernedData read() {
                return data;
            }
        };
    }
}

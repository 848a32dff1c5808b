package dev.keel.examples.marp.evidence;

/** Which evidence a request uses ({@code docs/marp-example.md}, "Sources, routing, collection"). Immutable and thread-safe. */
public enum EvidenceRoute {
    /** Regulated knowledge only; the governed data CSV is not read. */
    REGULATED_ONLY,
    /** Regulated knowledge only, for a narrative, qualitative comparison without weekly curves (SCENARIO 2). */
    REGULATED_NARRATIVE,
    /** Regulated knowledge and governed data. */
    REGULATED_AND_GOVERNED;

    public boolean usesGovernedData() {
        return this == REGULATED_AND_GOVERNED;
    }
}

package dev.keel.stage;

/** What a stage does when the runtime reaches it. Immutable and thread-safe. */
public enum StageKind {
    /** Contributes the base persona block (its directive); no model call, no output. The entry of a workflow. */
    SYSTEM("system"),
    /** Calls the model and validates its JSON output. */
    MODEL("model"),
    /** Ends the workflow ({@code session_end}). */
    END("end");

    private final String wireName;

    StageKind(String wireName) {
        this.wireName = wireName;
    }

    /** The name in the contract form. */
    public String wireName() {
        return wireName;
    }
}

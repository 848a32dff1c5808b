package dev.keel.committee;

/** What kind of task a request is, as the master classifies it (pre-hints suggest one). Immutable and thread-safe. */
public enum TaskType {
    PROMPT_ENGINEERING,
    VERBAL_REASONING,
    TECHNICAL_EXECUTION,
    VISUAL_ANALYSIS,
    MIXED;

    /** The wire name, which is the constant's name. */
    public String wireName() {
        return name();
    }
}

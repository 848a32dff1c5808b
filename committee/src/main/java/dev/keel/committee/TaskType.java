package dev.keel.committee;

/** What kind of task a request is, as the master classifies it (pre-hints suggest one). Immutable and thread-safe. */
public enum TaskType {
    PROMPT_ENGINEERING,
    VERBAL_REASONING,
    TECHNICAL_EXECUTION,
    VISUAL_ANALYSIS,
    MIXED;

    /**
     * Whether a task of this type builds something (code, a deployment, a migration): its shipped reply lists
     * acceptance tests, in every mode (seed, section 4.1).
     */
    public boolean buildable() {
        return this == TECHNICAL_EXECUTION;
    }

    /** The wire name, which is the constant's name. */
    public String wireName() {
        return name();
    }
}

package dev.keel.stage;

/**
 * What a stage's output does with {@code session_id} and {@code response_id} ({@code docs/stage-runtime.md}, "The shared envelope").
 * Immutable and thread-safe.
 */
public enum SessionFields {
    /**
     * The stage reads {@code cached_state.session_id}: the output must echo it as {@code session_id} and carry a
     * new, non-blank {@code response_id}.
     */
    ECHO("echo"),
    /** The stage's prompt does not mention them: the output must not contain either field. */
    OMIT("omit");

    private final String wireName;

    SessionFields(String wireName) {
        this.wireName = wireName;
    }

    /** The name in the contract form. */
    public String wireName() {
        return wireName;
    }
}

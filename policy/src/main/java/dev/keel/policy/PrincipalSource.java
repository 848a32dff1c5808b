package dev.keel.policy;

/** Where a resolved principal came from. Immutable and thread-safe. */
public enum PrincipalSource {

    /** The principal the host application authenticated. */
    HOST,

    /** The configured default principal (for example planner / secret), used when the host gave none. */
    DEFAULT,

    /** A claim written in the prompt, merged over the host or default principal. */
    PROMPT_CLAIM,

    /** No principal: the policy decision is {@code DENY} with {@code principal_missing}. */
    NONE
}

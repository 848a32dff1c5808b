package dev.keel.policy;

/**
 * How much a "ROLE / CLEARANCE" claim written in the prompt counts (seed 000 §2.1). The host application
 * authenticates the principal; text a user typed is not authentication. Immutable and thread-safe.
 */
public enum PromptClaimMode {

    /** Claims in the prompt are ignored (and reported with {@code principal_claim_ignored}). */
    IGNORE,

    /**
     * The default: a claim may lower privilege, never raise it. A claim that would let the principal see more,
     * for some domains, than the authenticated principal may see is refused with
     * {@code principal_claim_raises_privilege} and the authenticated principal is used.
     */
    LOWER_ONLY,

    /**
     * The seed's behaviour, for deployments where the prompt author is trusted (the MARP example): a claim
     * replaces the authenticated or default principal, part by part.
     */
    AUTHORITATIVE
}

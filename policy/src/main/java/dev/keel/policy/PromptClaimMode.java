package dev.keel.policy;

/**
 * How much a "ROLE / CLEARANCE" claim written in the prompt counts. The host application authenticates the
 * principal; text a user typed is not authentication, so against a principal the host passed a claim may only ever
 * lower privilege, whatever the mode. Immutable and thread-safe.
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
     * For requests the host did not authenticate, in deployments that configure it (a demo run without a
     * principal): a claim replaces the default principal, part by part. When the host passes a
     * principal, claims count as under {@link #LOWER_ONLY}.
     */
    AUTHORITATIVE
}

package dev.keel.routing;

import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One request to route: the role and clearance governance resolved, the user's prompt, whether it must stay in the
 * house, and optionally the caller's own prompt digest (otherwise the strategy's default: for the weighted
 * strategy {@link PromptSignals#digest}).
 *
 * <p>Role and clearance go into the routing key exactly as given: pass the canonical names the policy module
 * resolved ({@code planner}, {@code top_secret}) so that the same principal always gets the same key.
 * Immutable and thread-safe; the builder is not thread-safe.
 */
public final class RoutingRequest {

    private final String role;
    private final String clearance;
    private final String prompt;
    private final @Nullable String promptDigest;
    private final boolean internalOnly;

    @SuppressWarnings("NullAway") // build() requires role, clearance and prompt
    private RoutingRequest(Builder builder) {
        this.role = builder.role;
        this.clearance = builder.clearance;
        this.prompt = builder.prompt;
        this.promptDigest = builder.promptDigest;
        this.internalOnly = builder.internalOnly;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A request for {@code principal} with the default digest. */
    public static RoutingRequest of(Principal principal, String prompt) {
        return builder().principal(principal).prompt(prompt).build();
    }

    public String role() {
        return role;
    }

    public String clearance() {
        return clearance;
    }

    public String prompt() {
        return prompt;
    }

    /** The caller's digest, when it gave one. */
    public Optional<String> promptDigest() {
        return Optional.ofNullable(promptDigest);
    }

    /** Whether the request must stay in the house (the policy's sensitivity said so). */
    public boolean internalOnly() {
        return internalOnly;
    }

    @Override
    public String toString() {
        return "RoutingRequest{role=" + role + ", clearance=" + clearance + ", prompt length=" + prompt.length()
                + (promptDigest == null ? "" : ", prompt_digest=" + promptDigest)
                + (internalOnly ? ", internal only" : "") + "}";
    }

    /** Collects a request. Not thread-safe. */
    public static final class Builder {
        private @Nullable String role;
        private @Nullable String clearance;
        private @Nullable String prompt;
        private @Nullable String promptDigest;
        private boolean internalOnly;

        private Builder() {
        }

        public Builder role(String role) {
            this.role = role;
            return this;
        }

        public Builder clearance(String clearance) {
            this.clearance = clearance;
            return this;
        }

        /** Role and clearance from {@code principal}. */
        public Builder principal(Principal principal) {
            return role(principal.role()).clearance(principal.clearance());
        }

        public Builder prompt(String prompt) {
            this.prompt = prompt;
            return this;
        }

        /** The caller's {@code <prompt_digest>}; leave unset for the strategy's default ({@link PromptSignals#digest}). */
        public Builder promptDigest(String promptDigest) {
            this.promptDigest = promptDigest;
            return this;
        }

        /**
         * Whether the request must stay in the house; false unless set. The caller decides it from its policy's
         * sensitivity (clearance, domains, markings in the prompt); routing then forces the internal backend.
         */
        public Builder internalOnly(boolean internalOnly) {
            this.internalOnly = internalOnly;
            return this;
        }

        /** @throws InvalidInputException naming the first missing field */
        public RoutingRequest build() {
            require(role, "role");
            require(clearance, "clearance");
            require(prompt, "prompt");
            return new RoutingRequest(this);
        }

        private static void require(@Nullable String value, String field) {
            if (value == null) {
                throw new InvalidInputException("invalid_input", "routing request field '" + field + "' is missing");
            }
        }
    }
}

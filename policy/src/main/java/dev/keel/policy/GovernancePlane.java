package dev.keel.policy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Governance in one call: resolve the principal, detect the requested domains, evaluate the policy, decide whether
 * the request must stay in the house, and retrieve the governance knowledge that explains the decision, giving a
 * {@link GovernanceBundle}.
 *
 * <p>Implementations are thread-safe, and pure when the knowledge ranker is (the lexical one is).
 */
public interface GovernancePlane {

    /** Passages of rationale retrieved unless configured otherwise. */
    int DEFAULT_RATIONALE_SIZE = 3;

    static Builder builder() {
        return new Builder();
    }

    /**
     * Assesses one request.
     *
     * @param hostPrincipal the principal the host authenticated, or null when it authenticated nobody
     * @param prompt        the user's message; null reads as empty
     */
    GovernanceBundle assess(@Nullable Principal hostPrincipal, @Nullable String prompt);

    /**
     * Reads {@code text}, content that may reach a model or a reader but is not the user's question (a tool's result,
     * a tool's specification), with the detectors {@link #assess} reads a prompt with: the domains it holds (a
     * marking's domain included) and whether a marking or an internal-only domain keeps it in the house. No
     * principal is resolved from it: content never says who asks.
     */
    ContentReading read(String text);

    /** Configures a {@link GovernancePlane}. Not thread-safe. */
    final class Builder {
        private @Nullable PolicyDocument policy;
        private @Nullable PrincipalResolver principalResolver;
        private @Nullable DomainDetector domainDetector;
        private @Nullable KnowledgeRanker knowledgeRanker;
        private int rationaleSize = DEFAULT_RATIONALE_SIZE;

        Builder() {
        }

        /** The policy document; required. */
        public Builder policy(PolicyDocument policy) {
            this.policy = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * How the principal is resolved; unless set, prompt claims may only lower privilege under the policy
         * and there is no default principal.
         */
        public Builder principalResolver(PrincipalResolver resolver) {
            this.principalResolver = Objects.requireNonNull(resolver, "resolver");
            return this;
        }

        /** How domains are detected; unless set, the policy's {@code domain_rules}. */
        public Builder domainDetector(DomainDetector detector) {
            this.domainDetector = Objects.requireNonNull(detector, "detector");
            return this;
        }

        /** Where rationale comes from; unless set, bundles carry no rationale. */
        public Builder knowledgeRanker(KnowledgeRanker ranker) {
            this.knowledgeRanker = Objects.requireNonNull(ranker, "ranker");
            return this;
        }

        /** How many passages of rationale to retrieve; {@link #DEFAULT_RATIONALE_SIZE} unless set. */
        public Builder rationaleSize(int size) {
            if (size < 0) {
                throw new ConfigurationException("rationale size must not be negative, was " + size);
            }
            this.rationaleSize = size;
            return this;
        }

        /**
         * @throws ConfigurationException when no policy is set, or no detector is set and the policy has no
         *         {@code domain_rules} (every request would then look as if it named no domain)
         */
        public GovernancePlane build() {
            if (policy == null) {
                throw new ConfigurationException("a governance plane needs a policy document");
            }
            DomainDetector detector = domainDetector;
            if (detector == null) {
                if (policy.domainRules().isEmpty()) {
                    throw new ConfigurationException("policy '" + policy.policyId() + "' has no domain_rules:"
                            + " set a DomainDetector, or add domain_rules to the policy");
                }
                detector = DomainDetector.create(policy);
            }
            PrincipalResolver resolver = principalResolver != null ? principalResolver
                    : PrincipalResolver.builder().policy(policy).build();
            return new StandardGovernancePlane(PolicyEvaluator.create(policy), resolver, detector, knowledgeRanker,
                    rationaleSize);
        }
    }
}

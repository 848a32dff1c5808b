package dev.keel.committee;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A committee of models that answers one chat request: the master plans (phase A), the agents answer in one to three
 * rounds, a scorer scores each output on five axes, the master synthesises (phase B), and the code, not the models,
 * keeps the rules: statuses and {@code c_final} by {@link CommitteeScore}, DISCARD never cited, QUARANTINE cited
 * only with a justification in the audit, one A/B/C question and nothing else below the threshold, E values and
 * totals by {@link PertEstimate}, every call estimated against the mode's cap before it is made. See
 * {@code docs/committee.md}.
 *
 * <pre>{@code
 * Committee committee = Committee.builder(config, Clock.systemUTC())
 *         .backend("master", master).backend("solver", solver).backend("critic", critic).backend("verifier", verifier)
 *         .pricing(priceTable).model("master", "claude-sonnet-4-5")
 *         .build();
 * CommitteeResponse response = committee.answer(CommitteeRequest.fromWire(body), requestId);
 * }</pre>
 *
 * <p>Thread-safe: each run keeps its own ledger. Not pure: it calls the backends it is given, and reads the clock
 * only to measure latencies.
 */
public interface Committee {

    /**
     * Answers {@code request}. Never throws for what a model does (an invalid reply, a failure, a call the cap does not
     * allow): those end in an honest reply and are recorded in the audit appendix.
     */
    CommitteeResponse answer(CommitteeRequest request, String requestId);

    /** A builder; {@code clock} measures the calls' latencies (the committee reads no other time). */
    static Builder builder(CommitteeConfig config, Clock clock) {
        return new Builder(config, clock);
    }

    /** Collects a committee's parts; not thread-safe. */
    final class Builder {
        /** Attempts at one strict JSON reply: the first, and one re-ask with the problems. */
        public static final int DEFAULT_ATTEMPTS = 2;

        private final CommitteeConfig config;
        private final Map<String, LlmBackend> backends = new LinkedHashMap<>();
        private final Map<String, String> models = new LinkedHashMap<>();
        private Pricing pricing = Pricing.free();
        private final Clock clock;
        private int attempts = DEFAULT_ATTEMPTS;

        private Builder(CommitteeConfig config, Clock clock) {
            this.config = Objects.requireNonNull(config, "config");
            this.clock = Objects.requireNonNull(clock, "clock");
        }

        /** The backend of {@code role} (the master, an agent, the scorer). */
        public Builder backend(String role, LlmBackend backend) {
            backends.put(Objects.requireNonNull(role, "role"), Objects.requireNonNull(backend, "backend"));
            return this;
        }

        /**
         * Prices of the roles' calls, for the mode's cap: each call is estimated before it is made
         * ({@link Pricing#estimateUsd}, on the request as the role's backend would send it) and charged after it
         * ({@link Pricing#costUsd} of the usage reported). Every call free unless set.
         */
        public Builder pricing(Pricing pricing) {
            this.pricing = Objects.requireNonNull(pricing, "pricing");
            return this;
        }

        /**
         * The model {@code role}'s calls are priced as; a role is priced under its own name unless set.
         *
         * @throws ConfigurationException when the committee does not call {@code role}
         */
        public Builder model(String role, String model) {
            if (!config.modelRoles().contains(Objects.requireNonNull(role, "role"))) {
                throw new ConfigurationException("the committee does not call the role '" + role + "'; it calls "
                        + config.modelRoles());
            }
            models.put(role, Objects.requireNonNull(model, "model"));
            return this;
        }

        /** Attempts at each strict JSON reply, re-asks included: 1 to 5, 2 unless set. */
        public Builder attempts(int attempts) {
            if (attempts < 1 || attempts > 5) {
                throw new ConfigurationException("attempts must be from 1 to 5, not " + attempts);
            }
            this.attempts = attempts;
            return this;
        }

        /**
         * Builds the committee.
         *
         * @throws ConfigurationException when the master, the scorer or an available agent has no backend, or is
         *         priced as a model the pricing has no price for
         */
        public Committee build() {
            config.modelRoles().forEach(this::requireBackend);
            return new DefaultCommittee(config, backends, pricing, models, clock, attempts);
        }

        private void requireBackend(String role) {
            if (!backends.containsKey(role)) {
                throw new ConfigurationException("the committee's role '" + role + "' has no backend");
            }
        }
    }
}

package dev.keel.examples.committee;

import dev.keel.committee.CallPricing;
import dev.keel.committee.Committee;
import dev.keel.committee.CommitteeConfig;
import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.TokenUsage;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.ModelPrice;
import dev.keel.llm.adapters.TokenEstimator;
import dev.keel.llm.adapters.config.ConfiguredBackends;
import dev.keel.llm.adapters.config.LlmConfig;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A committee on real models, from {@code llm.config.json}: each role's backend built by the LLM adapters (model
 * names and keys read from the environment variables the file names), each call priced from the file's price
 * table by the role's model, input tokens estimated at one per three characters. Stateless; thread-safe.
 */
public final class LiveCommittee {

    private LiveCommittee() {
    }

    /**
     * Builds the committee of {@code configJson}.
     *
     * @throws ConfigurationException for an invalid file, a missing variable, a provider whose module is absent, or
     *         a role whose model has no price
     */
    public static Committee build(String configJson, Environment environment, Clock clock) {
        CommitteeConfig config = CommitteeConfig.parse(configJson, environment::lookup);
        ConfiguredBackends backends = ConfiguredBackends.create(LlmConfig.parse(configJson), environment);
        Set<String> roles = new LinkedHashSet<>();
        roles.add(CommitteeConfig.MASTER);
        roles.add(config.scorerRole());
        roles.addAll(config.availableAgents());
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        Committee.Builder builder = Committee.builder(config, clock);
        for (String role : roles) {
            builder.backend(role, backends.backend(role));
            String model = backends.modelName(role);
            prices.put(role, backends.hasModel(role) ? backends.prices().priceOf(model).orElseThrow(() ->
                    new ConfigurationException("the model " + model + " of the role " + role
                            + " has no price in /pricing")) : ModelPrice.FREE);
        }
        return builder.pricing(new PriceTablePricing(prices, TokenEstimator.charactersPerToken3())).build();
    }

    /** Prices by role. */
    private record PriceTablePricing(Map<String, ModelPrice> prices, TokenEstimator estimator) implements CallPricing {

        @Override
        public BigDecimal estimateUsd(String role, ChatRequest request) {
            return prices.get(role).cost(estimator.inputTokens(request), request.maxOutputTokens().orElse(0));
        }

        @Override
        public BigDecimal costUsd(String role, TokenUsage usage) {
            return prices.get(role).cost(usage);
        }
    }
}

package dev.keel.examples.committee;

import dev.keel.committee.CallPricing;
import dev.keel.committee.CommitteeConfig;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import dev.keel.llm.adapters.Environment;
import dev.keel.llm.adapters.ModelPrice;
import dev.keel.llm.adapters.TokenEstimator;
import dev.keel.llm.adapters.config.ConfiguredBackends;
import dev.keel.llm.adapters.config.LlmConfig;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.TurnStep;
import dev.keel.pipeline.committee.CommitteeReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import java.math.BigDecimal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The committee service's models as the governed call's backends: every role of the committee
 * ({@link CommitteeConfig#modelRoles()}) is an <b>external</b> backend under its own name, so each prompt to it
 * passes the egress filter and nothing of a request that must stay in the house reaches it; the house's own backend
 * {@value #IN_HOUSE} runs no model and refuses, so such a request is answered honestly without any model. Real
 * models come from {@code llm.config.json} ({@link #live}); recorded replies stand in for them in replay mode
 * ({@link #replaying}), governed exactly as the real ones.
 *
 * <p>Also the service's governed call outside Spring ({@link #pipeline}): the shipped policy
 * ({@value #POLICY}) and routing table ({@value #ROUTING}) with the committee as its reasoning.
 *
 * <p>Immutable and thread-safe.
 */
public final class CommitteeModels {

    /** The house's own backend: no model, every call refused. */
    public static final String IN_HOUSE = "in_house";

    /** The shipped policy of the service, on the class path. */
    public static final String POLICY = "committee/policy.json";

    /** The shipped routing table of the service, on the class path. */
    public static final String ROUTING = "committee/routing.json";

    private final CommitteeConfig config;
    private final Backends backends;
    private final CallPricing pricing;
    private final Optional<RecordedReplies> replay;

    private CommitteeModels(CommitteeConfig config, Map<String, LlmBackend> roles, CallPricing pricing,
                            Optional<RecordedReplies> replay) {
        this.config = config;
        Backends.Builder builder = Backends.builder().internal(IN_HOUSE, new InHouse()).fallback(IN_HOUSE);
        roles.forEach(builder::external);
        this.backends = builder.build();
        this.pricing = pricing;
        this.replay = replay;
    }

    /**
     * Real models, from {@code configJson} (an {@code llm.config.json}): each role's backend built by the LLM
     * adapters (model names and keys read from the variables the file names), each call priced from the file's price
     * table by the role's model, input tokens estimated at one per three characters.
     *
     * @throws ConfigurationException for an invalid file, a missing variable, a provider whose module is absent, or
     *         a role whose model has no price
     */
    public static CommitteeModels live(String configJson, Environment environment) {
        CommitteeConfig config = CommitteeConfig.parse(configJson, environment::lookup);
        ConfiguredBackends configured = ConfiguredBackends.create(LlmConfig.parse(configJson), environment);
        Map<String, LlmBackend> roles = new LinkedHashMap<>();
        Map<String, ModelPrice> prices = new LinkedHashMap<>();
        for (String role : config.modelRoles()) {
            roles.put(role, configured.backend(role));
            String model = configured.modelName(role);
            prices.put(role, configured.hasModel(role) ? configured.prices().priceOf(model).orElseThrow(() ->
                    new ConfigurationException("the model " + model + " of the role " + role
                            + " has no price in /pricing")) : ModelPrice.FREE);
        }
        return new CommitteeModels(config, roles, new PriceTablePricing(prices, TokenEstimator.charactersPerToken3()),
                Optional.empty());
    }

    /**
     * Recorded replies in place of the models of {@code config}: each role answers from the recording
     * {@link RecordedReplies#replay} gives to the request; recorded calls cost nothing.
     */
    public static CommitteeModels replaying(CommitteeConfig config, RecordedReplies replies) {
        Map<String, LlmBackend> roles = new LinkedHashMap<>();
        config.modelRoles().forEach(role -> roles.put(role, replies.backend(role)));
        return new CommitteeModels(config, roles, CallPricing.free(), Optional.of(replies));
    }

    public CommitteeConfig config() {
        return config;
    }

    /** The roles' backends (external) and the house's own ({@value #IN_HOUSE}, internal, the fallback). */
    public Backends backends() {
        return backends;
    }

    /** The recordings, in replay mode. */
    public Optional<RecordedReplies> replay() {
        return replay;
    }

    /** The committee as the governed call's reasoning, its calls priced for the caps. */
    public CommitteeReasoning reasoning(Clock clock) {
        return CommitteeReasoning.builder(config, clock).pricing(pricing).build();
    }

    /**
     * A turn step that, in replay mode, records in the call's audit record ({@code details.replay}) which recording
     * answered its model calls; it does nothing for live models.
     */
    public TurnStep replayNote() {
        return turn -> {
            replay.ifPresent(replies -> replies.replaying(turn.requestId())
                    .ifPresent(recording -> turn.auditDetail("replay", replies.note(recording))));
            return StepResult.proceed();
        };
    }

    /** The service's governed call on the shipped policy and routing table, auditing to {@code auditSink}. */
    public Pipeline pipeline(AuditSink auditSink, Clock clock) {
        return Pipeline.builder().policy(PolicyDocument.parse(RecordedReplies.shippedText("/" + POLICY)))
                .policySources(POLICY).routing(RoutingTable.parse(RecordedReplies.shippedText("/" + ROUTING)))
                .backends(backends).turnStep(replayNote()).reasoning(reasoning(clock)).auditSink(auditSink)
                .clock(clock).build();
    }

    /** The house runs no model: a request that must stay inside is refused here, and the committee says so. */
    private static final class InHouse implements LlmBackend {

        @Override
        public ChatReply chat(ChatRequest request) {
            throw new NonRetriableBackendException(IN_HOUSE, "no in-house model is configured, and this request may"
                    + " not be sent to an external model", null);
        }

        @Override
        public String id() {
            return IN_HOUSE;
        }
    }

    /** Prices by role. */
    private record PriceTablePricing(Map<String, ModelPrice> prices, TokenEstimator estimator) implements CallPricing {

        PriceTablePricing {
            prices = Map.copyOf(prices);
            Objects.requireNonNull(estimator, "estimator");
        }

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

package dev.keel.examples.committee;

import dev.keel.committee.CommitteeConfig;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.Pricing;
import dev.keel.models.Environment;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.models.config.ConfiguredBackends;
import dev.keel.models.config.LlmConfig;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.TurnStep;
import dev.keel.pipeline.committee.CommitteeReasoning;
import dev.keel.policy.PolicyDocument;
import dev.keel.routing.RoutingTable;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
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

    /** The provenance extension that says, in replay mode, which recording answered the model calls. */
    public static final String REPLAY_EXTENSION = "replay";

    /** The shipped routing table of the service, on the class path. */
    public static final String ROUTING = "committee/routing.json";

    private final CommitteeConfig config;
    private final Backends backends;
    private final Pricing pricing;
    /** The model each role is priced as. */
    private final Map<String, String> models;
    private final Optional<RecordedReplies> replay;

    private CommitteeModels(CommitteeConfig config, Map<String, LlmBackend> roles, Pricing pricing,
                            Map<String, String> models, Optional<RecordedReplies> replay) {
        this.config = config;
        Backends.Builder builder = Backends.builder().internal(IN_HOUSE, new InHouse()).fallback(IN_HOUSE);
        roles.forEach(builder::external);
        this.backends = builder.build();
        this.pricing = pricing;
        this.models = Map.copyOf(models);
        this.replay = replay;
    }

    /**
     * Real models, from {@code configJson} (an {@code llm.config.json}): each role's backend built by the LLM
     * adapters (model names and keys read from the variables the file names), each call priced by the file's price
     * table as the role's model (an embedded model costs nothing), input tokens estimated at one per three characters.
     *
     * @throws ConfigurationException for an invalid file, a missing variable, a provider whose module is absent, or
     *         a role whose model has no price
     */
    public static CommitteeModels live(String configJson, Environment environment) {
        CommitteeConfig config = CommitteeConfig.parse(configJson, environment::lookup);
        ConfiguredBackends configured = ConfiguredBackends.create(LlmConfig.parse(configJson), environment);
        Map<String, LlmBackend> roles = new LinkedHashMap<>();
        Map<String, String> models = new LinkedHashMap<>();
        PriceTable prices = configured.prices();
        for (String role : config.modelRoles()) {
            roles.put(role, configured.backend(role));
            String model = configured.modelName(role);
            models.put(role, model);
            if (!configured.hasModel(role)) {
                prices = prices.with(model, ModelPrice.FREE);
            } else if (!prices.prices(model)) {
                throw new ConfigurationException("the model " + model + " of the role " + role + " has no price in /pricing");
            }
        }
        return new CommitteeModels(config, roles, prices, models, Optional.empty());
    }

    /**
     * Recorded replies in place of the models of {@code configJson} (an {@code llm.config.json}): each role answers
     * from the recording {@link RecordedReplies#replay} gives to the request, and each call costs what it cost when
     * it was recorded: its recorded tokens at the file's price of the model the recordings name for the role (a role
     * they name no model for is priced as {@value RecordedConversation#MODEL}, at nothing).
     *
     * @throws ConfigurationException for an invalid file, or a recorded model the file has no price for
     */
    public static CommitteeModels replaying(String configJson, Environment environment, RecordedReplies replies) {
        CommitteeConfig config = CommitteeConfig.parse(configJson, environment::lookup);
        PriceTable prices = LlmConfig.parse(configJson).prices().with(RecordedConversation.MODEL, ModelPrice.FREE);
        Map<String, LlmBackend> roles = new LinkedHashMap<>();
        Map<String, String> models = new LinkedHashMap<>();
        for (String role : config.modelRoles()) {
            roles.put(role, replies.backend(role));
            String model = replies.models().getOrDefault(role, RecordedConversation.MODEL);
            if (!prices.prices(model)) {
                throw new ConfigurationException("the recorded model " + model + " of the role " + role
                        + " has no price in /pricing");
            }
            models.put(role, model);
        }
        return new CommitteeModels(config, roles, prices, models, Optional.of(replies));
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
        CommitteeReasoning.Builder reasoning = CommitteeReasoning.builder(config, clock).pricing(pricing);
        models.forEach(reasoning::model);
        return reasoning.build();
    }

    /**
     * A turn step that, in replay mode, notes which recording answered the call's model calls: in the call's audit
     * record ({@code details.replay}) and in the answer's provenance (extension {@value #REPLAY_EXTENSION}, shown
     * to the caller as every extension is, through the outbound filter under the answer's decision); it does nothing
     * for live models.
     */
    public TurnStep replayNote() {
        return turn -> {
            replay.ifPresent(replies -> replies.replaying(turn.requestId()).ifPresent(recording -> {
                Map<String, Object> note = replies.note(recording);
                turn.auditDetail("replay", note);
                turn.extension(REPLAY_EXTENSION, note);
            }));
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
}

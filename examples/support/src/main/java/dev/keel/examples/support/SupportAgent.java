package dev.keel.examples.support;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.TurnStep;
import dev.keel.pipeline.rules.RuleSteps;
import dev.keel.pipeline.rules.Sensor;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The online shop's support agent: every customer message is one governed call whose turn follows the shop's rule
 * book (refund, sales and shipping scenarios; no competitor is ever named, no financial advice, politeness) and the
 * shop's own checks on every answer ({@link ShopChecks}: no refund above 50 promised in any phrasing, prose for the
 * customer). The sensor is the embedded one (in-process similarity, no model call) unless
 * {@link Builder#modelSensor()} asks for the model's; the answer is the shop's model's, or replayed recorded replies
 * ({@link ReplayedReplies}), and the provenance extension {@value #EXTENSION} says which. When the shop's model
 * fails, {@link ShopFallback} answers in the house. The judge is asked on risky turns and on a share of turns
 * sampled by session and turn number ({@link #JUDGE_SAMPLE_RATE} unless set), never on every turn.
 *
 * <p>Thread-safe once built; conversations are kept by session id in the session store.
 */
public final class SupportAgent {

    /** The backend name of the shop's model in the routing table. */
    public static final String MODEL = "support_model";
    /** The provenance extension saying where the sensor reading and the model's replies came from. */
    public static final String EXTENSION = "support";
    /** Who asks: a customer. */
    public static final Principal CUSTOMER = Principal.of("customer", "public");
    /** What the agent says when a message is too ambiguous to act on. */
    public static final String CLARIFICATION = "Happy to help! Is this about a refund, a new purchase or a delivery?";
    /** What the agent says when its answer broke the rules twice. */
    public static final String REFUSAL = "I'm sorry, I can't help with that here. A colleague from our support team "
            + "will get back to you.";
    /** The assistant's role, at the head of every generation prompt, with the rules that hold on every turn. */
    public static final String INSTRUCTIONS = "You are the support agent of an online shoe shop. Answer the customer's"
            + " message in two or three friendly sentences of plain prose. " + ShopChecks.REFUND_LIMIT_ACTION
            + " Keep to every rule below; use only the tool results for facts about orders, products and deliveries.";
    /** The share of turns whose subjective rules are judged for audit unless set: one in four, by session and turn. */
    public static final BigDecimal JUDGE_SAMPLE_RATE = new BigDecimal("0.25");

    private final Pipeline pipeline;
    private final RuleSteps steps;

    private SupportAgent(Pipeline pipeline, RuleSteps steps) {
        this.pipeline = pipeline;
        this.steps = steps;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** One turn of the conversation {@code sessionId} with customer {@code customerId}. */
    public GovernedAnswer ask(String sessionId, String customerId, String message) {
        return pipeline.call(GovernedRequest.builder().principal(CUSTOMER).sessionId(sessionId)
                .attribute(RuleSteps.CUSTOMER_ID, customerId).message(message).build());
    }

    /** The governed call the agent answers through. */
    public Pipeline pipeline() {
        return pipeline;
    }

    /** The rule steps, with the rule book they follow. */
    public RuleSteps steps() {
        return steps;
    }

    /** Configures a {@link SupportAgent}; not thread-safe. */
    public static final class Builder {
        private Embedder embedder;
        private LlmBackend model;
        private boolean modelSensor;
        private SessionStore sessionStore = new InMemorySessionStore();
        private AuditSink auditSink = AuditSink.noop();
        private BigDecimal judgeSampleRate = JUDGE_SAMPLE_RATE;

        private Builder() {
        }

        /** The embedder of retrieval and of the embedded sensor (required). */
        public Builder embedder(Embedder embedder) {
            this.embedder = Objects.requireNonNull(embedder, "embedder");
            return this;
        }

        /** The shop's model (required): a real one, or {@link ReplayedReplies}. */
        public Builder model(LlmBackend model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /** The sensor is one call to the shop's model instead of the embedded one. */
        public Builder modelSensor() {
            this.modelSensor = true;
            return this;
        }

        /** Where conversations and customer profiles are kept; in memory unless set. */
        public Builder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /** Where every turn's audit record goes; nowhere unless set. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /** The share of turns whose subjective rules are all judged for audit; {@link #JUDGE_SAMPLE_RATE} unless set. */
        public Builder judgeSampleRate(BigDecimal rate) {
            this.judgeSampleRate = Objects.requireNonNull(rate, "rate");
            return this;
        }

        /**
         * @throws ConfigurationException when the embedder or the model is missing
         * @throws dev.keel.core.BackendException when the embedder fails on the rule book
         */
        public SupportAgent build() {
            if (embedder == null || model == null) {
                throw new ConfigurationException("a support agent needs " + (embedder == null ? "an embedder"
                        : "a model"));
            }
            RuleSteps steps = RuleSteps.builder().book(SupportData.ruleBook()).embedder(embedder)
                    .sessionStore(sessionStore).sensor(modelSensor ? Sensor.model(MODEL) : Sensor.embedded())
                    .tools(SupportData.shopTools()).ambiguityTrap(new BigDecimal("0.60"), CLARIFICATION)
                    .judgeSampleRate(judgeSampleRate).instructions(INSTRUCTIONS).build();
            Map<String, Object> origin = new LinkedHashMap<>();
            origin.put("sensor", modelSensor ? "model" : "embedded");
            origin.put("model_replies", model instanceof ReplayedReplies ? "replayed" : "live");
            TurnStep says = new TurnStep() {
                @Override
                public String name() {
                    return "origin";
                }

                @Override
                public StepResult apply(dev.keel.pipeline.Turn turn) {
                    turn.extension(EXTENSION, origin);
                    return StepResult.proceed();
                }
            };
            Pipeline pipeline = steps.applyTo(Pipeline.builder().turnStep(says)).policy(SupportData.policy())
                    .policySources(SupportData.POLICY, SupportData.RULES).routing(SupportData.routingTable())
                    .backends(Backends.builder().internal(MODEL, model).internal(ShopFallback.ID, new ShopFallback())
                            .fallback(ShopFallback.ID).build())
                    .enforcement(new ShopChecks()).refusal(REFUSAL).auditSink(auditSink).build();
            return new SupportAgent(pipeline, steps);
        }
    }
}

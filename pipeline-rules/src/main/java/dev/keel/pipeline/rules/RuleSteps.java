package dev.keel.pipeline.rules;

import dev.keel.core.ConfigurationException;
import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.InMemorySessionStore;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.TurnKey;
import dev.keel.pipeline.TurnStep;
import dev.keel.rules.IntentIndex;
import dev.keel.rules.NavigationConfig;
import dev.keel.rules.RuleBook;
import dev.keel.rules.RuleIndex;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A conversation governed by flat scoped rules, as steps of the governed call ({@code docs/rules.md}):
 * <ol>
 *   <li><b>sensor</b>: one pass over the message for intent, entities and ambiguity ({@link Sensor});</li>
 *   <li><b>ambiguity trap</b>: an ambiguity above the threshold ends the turn with the clarification text, before
 *       any answer is written;</li>
 *   <li><b>hydration</b>: the entities go into the session (short-term) and the customer's profile (long-term),
 *       through the {@link SessionStore}, once;</li>
 *   <li><b>navigation</b>: the moves open at the session's position, scored by the message's similarity to their
 *       examples, decide with stickiness where the conversation goes;</li>
 *   <li><b>scope and retrieval</b>: the rules in scope there, ranked by the similarity of their condition to the
 *       message; the close enough ones, best first, are the turn's rules;</li>
 *   <li><b>tools</b>: each tool those rules name runs once ({@link ToolExecutor});</li>
 *   <li><b>generation</b> (the reasoning step): one model call whose prompt carries the matched rules' actions, the
 *       tool results and the scenario's profile fields;</li>
 *   <li><b>enforcement</b>: Lane 1 on the answer (the matched rules and every hard rule), then, when it passed and
 *       subjective rules are to be judged (hard ones; any on a risky or sampled turn), one judge call. A violation
 *       has the pipeline write the answer once more with the broken rules stated; a second refuses it.</li>
 * </ol>
 * An ordinary turn makes two model calls with a model sensor (sensor, generation), one with the embedded sensor,
 * and one more when a judge is asked. What each step decided is kept under the keys below, traced, and summed up in
 * the provenance extension {@value #EXTENSION}.
 *
 * <p>Immutable and thread-safe once built: one instance serves every call of a pipeline.
 */
public final class RuleSteps {

    /** The provenance extension that sums up the turn's rules. */
    public static final String EXTENSION = "rules";
    /** The request attribute naming the customer whose long-term profile the turn reads and writes. */
    public static final String CUSTOMER_ID = "customer_id";

    /** What the sensor read. */
    public static final TurnKey<SensorReading> READING = TurnKey.of("rules_reading", SensorReading.class);
    /** Where the conversation was, what navigation decided, where it is. */
    public static final TurnKey<ScenarioMove> MOVE = TurnKey.of("rules_move", ScenarioMove.class);
    /** The rules the turn matched. */
    public static final TurnKey<RuleMatch> MATCH = TurnKey.of("rules_match", RuleMatch.class);
    /** What the tools returned. */
    public static final TurnKey<ToolResults> TOOLS = TurnKey.of("rules_tools", ToolResults.class);
    /** How each answer fared in the lanes. */
    public static final TurnKey<LaneChecks> CHECKS = TurnKey.of("rules_checks", LaneChecks.class);

    /** The purpose of the model sensor's requests (its stage id), so that a host's logs and tests can tell them. */
    public static final String SENSOR_PURPOSE = "sensor_v1";
    /** The purpose of the generation's requests. */
    public static final String GENERATION_PURPOSE = "rules_generation";
    /** The purpose of the judge's requests. */
    public static final String JUDGE_PURPOSE = "rules_judge";

    /** What a turn whose message is too ambiguous answers unless configured. */
    public static final String DEFAULT_CLARIFICATION = "I am not sure what you need yet. Could you tell me a little"
            + " more?";
    /** What the generation prompt opens with unless configured. */
    public static final String DEFAULT_INSTRUCTIONS = "You answer the customer's message. Keep to every rule below.";

    private final RuleTurn turn;

    private RuleSteps(RuleTurn turn) {
        this.turn = turn;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The turn steps, in order: sensor, ambiguity trap, hydration, navigation, scope and retrieval, tools. */
    public List<TurnStep> turnSteps() {
        return turn.turnSteps();
    }

    /** The generation: one call to the backend routing chose. */
    public ReasoningStep reasoning() {
        return turn.reasoning();
    }

    /** Lane 1 and, when called for, the judge. */
    public EnforcementStep enforcement() {
        return turn.enforcement();
    }

    /** Adds the turn steps, the reasoning step and the enforcement step to {@code pipeline}; returns it. */
    public Pipeline.Builder applyTo(Pipeline.Builder pipeline) {
        turnSteps().forEach(pipeline::turnStep);
        return pipeline.reasoning(reasoning()).enforcement(enforcement());
    }

    /** The rule book the steps follow. */
    public RuleBook book() {
        return turn.config().book();
    }

    /** Configures the steps; not thread-safe. */
    public static final class Builder {
        private @Nullable RuleBook book;
        private @Nullable Embedder embedder;
        private SessionStore sessionStore = new InMemorySessionStore();
        private Sensor sensor = Sensor.embedded();
        private ToolExecutor tools = ToolExecutor.none();
        private NavigationConfig navigation = NavigationConfig.DEFAULTS;
        private BigDecimal ambiguityThreshold = new BigDecimal("0.60");
        private String clarification = DEFAULT_CLARIFICATION;
        private double minSimilarity = 0.30;
        private int maxRules = 8;
        private BigDecimal judgeSampleRate = BigDecimal.ZERO;
        private @Nullable String judgeBackend;
        private String instructions = DEFAULT_INSTRUCTIONS;

        private Builder() {
        }

        /** The rules, scenarios and entities (required). */
        public Builder book(RuleBook book) {
            this.book = Objects.requireNonNull(book, "book");
            return this;
        }

        /**
         * The embedder (required) of retrieval and intent similarity: the rules' conditions and the moves' examples
         * are embedded once, when the steps are built, and each message once per turn.
         */
        public Builder embedder(Embedder embedder) {
            this.embedder = Objects.requireNonNull(embedder, "embedder");
            return this;
        }

        /** Where sessions and customer profiles live; in memory unless set. */
        public Builder sessionStore(SessionStore store) {
            this.sessionStore = Objects.requireNonNull(store, "store");
            return this;
        }

        /** The sensor; {@link Sensor#embedded()} unless set. */
        public Builder sensor(Sensor sensor) {
            this.sensor = Objects.requireNonNull(sensor, "sensor");
            return this;
        }

        /** Runs the tools rules name; {@link ToolExecutor#none()} unless set. */
        public Builder tools(ToolExecutor tools) {
            this.tools = Objects.requireNonNull(tools, "tools");
            return this;
        }

        /** Stickiness, exit threshold and minimum score; {@link NavigationConfig#DEFAULTS} unless set. */
        public Builder navigation(NavigationConfig config) {
            this.navigation = Objects.requireNonNull(config, "config");
            return this;
        }

        /**
         * The ambiguity above which the turn asks to clarify (0.60 unless set), and what it says
         * ({@link #DEFAULT_CLARIFICATION} unless set).
         */
        public Builder ambiguityTrap(BigDecimal threshold, String clarification) {
            if (threshold.signum() < 0 || threshold.compareTo(BigDecimal.ONE) > 0) {
                throw new ConfigurationException("the ambiguity threshold lies in [0, 1], found " + threshold);
            }
            this.ambiguityThreshold = threshold;
            this.clarification = Objects.requireNonNull(clarification, "clarification");
            return this;
        }

        /**
         * Retrieval: a rule in scope is matched when the similarity of its condition to the message is at least
         * {@code minSimilarity} (0.30 unless set), at most {@code maxRules} of them (8 unless set), best first.
         */
        public Builder retrieval(double minSimilarity, int maxRules) {
            if (minSimilarity < -1 || minSimilarity > 1 || maxRules < 1) {
                throw new ConfigurationException("retrieval takes a similarity in [-1, 1] and at least one rule, found "
                        + minSimilarity + " and " + maxRules);
            }
            this.minSimilarity = minSimilarity;
            this.maxRules = maxRules;
            return this;
        }

        /** The share of turns whose subjective rules are judged for audit, in [0, 1]; 0 unless set. */
        public Builder judgeSampleRate(BigDecimal rate) {
            if (rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) > 0) {
                throw new ConfigurationException("the judge's sample rate lies in [0, 1], found " + rate);
            }
            this.judgeSampleRate = rate;
            return this;
        }

        /** The backend the judge is asked through; the one routing chose for the turn unless set. */
        public Builder judgeBackend(String target) {
            this.judgeBackend = Objects.requireNonNull(target, "target");
            return this;
        }

        /** What the generation prompt opens with (the assistant's role); {@link #DEFAULT_INSTRUCTIONS} unless set. */
        public Builder instructions(String instructions) {
            this.instructions = Objects.requireNonNull(instructions, "instructions");
            return this;
        }

        /**
         * Embeds the rules' conditions and the moves' examples.
         *
         * @throws ConfigurationException when the book or the embedder is missing
         * @throws dev.keel.core.BackendException when the embedder fails
         */
        public RuleSteps build() {
            if (book == null || embedder == null) {
                throw new ConfigurationException("rule steps need " + (book == null ? "a rule book" : "an embedder"));
            }
            RuleTurn.Config config = new RuleTurn.Config(book, embedder, RuleIndex.build(book.rules(), embedder),
                    IntentIndex.build(book, embedder), sessionStore, sensor, tools, navigation, ambiguityThreshold,
                    clarification, minSimilarity, maxRules, judgeSampleRate, judgeBackend, instructions);
            return new RuleSteps(new RuleTurn(config));
        }
    }
}

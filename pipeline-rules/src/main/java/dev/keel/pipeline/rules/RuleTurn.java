package dev.keel.pipeline.rules;

import dev.keel.core.spi.Embedder;
import dev.keel.core.spi.SessionStore;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.ReasoningStep;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.pipeline.TurnStep;
import dev.keel.rules.IntentIndex;
import dev.keel.rules.NavigationConfig;
import dev.keel.rules.RuleBook;
import dev.keel.rules.RuleIndex;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The steps of {@link RuleSteps}, built once from their configuration. Immutable and thread-safe.
 */
final class RuleTurn {

    /** What the steps are configured with; the indexes are built already. */
    record Config(RuleBook book, Embedder embedder, RuleIndex rules, IntentIndex intents,
                         SessionStore sessionStore, Sensor sensor, ToolExecutor tools, NavigationConfig navigation,
                         BigDecimal ambiguityThreshold, String clarification, double minSimilarity, int maxRules,
                         BigDecimal judgeSampleRate, @Nullable String judgeBackend, String instructions) {
    }

    static final TurnKey<MessageMeaning> MEANING = TurnKey.of("rules_message_meaning", MessageMeaning.class);
    static final TurnKey<Conversation> CONVERSATION = TurnKey.of("rules_conversation", Conversation.class);

    private final Config config;
    private final List<TurnStep> turnSteps;
    private final ReasoningStep reasoning;
    private final EnforcementStep enforcement;

    RuleTurn(Config config) {
        this.config = config;
        this.turnSteps = List.of(new SensorStep(config), new AmbiguityTrap(config), new Hydration(config),
                new NavigationStep(config), new Retrieval(config), new ToolStep(config));
        this.reasoning = SingleCallReasoning.of(new GenerationPrompt(config));
        this.enforcement = new LaneEnforcement(config);
    }

    Config config() {
        return config;
    }

    List<TurnStep> turnSteps() {
        return turnSteps;
    }

    ReasoningStep reasoning() {
        return reasoning;
    }

    EnforcementStep enforcement() {
        return enforcement;
    }

    /**
     * Writes the provenance extension from what the steps decided so far: the reading's intent and ambiguity, the
     * positions and the navigation, the matched rules, the tools, the lane checks. Ids and numbers only.
     */
    static void summarize(Turn turn) {
        Map<String, Object> summary = new LinkedHashMap<>();
        turn.get(RuleSteps.READING).ifPresent(reading -> {
            summary.put("detected_intent", reading.detectedIntent());
            summary.put("ambiguity_score", reading.ambiguityScore());
        });
        turn.get(RuleSteps.MOVE).ifPresent(move -> {
            summary.put("from", position(move.from()));
            summary.put("navigation", move.navigation().action().wireName());
            summary.put("to", position(move.to()));
        });
        turn.get(RuleSteps.MATCH).ifPresent(match -> {
            summary.put("in_scope", match.inScope());
            summary.put("matched", match.ids());
        });
        turn.get(RuleSteps.TOOLS).ifPresent(tools -> summary.put("tools", List.copyOf(tools.results().keySet())));
        turn.get(RuleSteps.CHECKS).map(LaneChecks::checks).ifPresent(checks -> summary.put("checks",
                checks.stream().map(check -> check.toWire()).toList()));
        turn.extension(RuleSteps.EXTENSION, summary);
    }

    static Map<String, Object> position(dev.keel.rules.Position position) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("scenario", position.scenario());
        wire.put("step", position.step());
        return wire;
    }
}

package dev.keel.pipeline.rules.internal;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.rules.RuleSteps;
import dev.keel.rules.Position;
import dev.keel.rules.Rule;
import dev.keel.rules.Scenario;
import java.util.Map;
import java.util.function.Function;

/**
 * The generation prompt: the configured instructions, where the conversation is, the matched rules' actions (nothing
 * else of the rule book), the tool results and the profile fields the scenario names; then the user's message. The
 * reasoning step adds the PARTIAL instruction and, on a second attempt, the broken rules. Immutable and thread-safe.
 */
final class GenerationPrompt implements Function<Turn, ChatRequest> {

    private static final JsonCodec CODEC = JsonCodec.strict();

    private final RuleTurn.Config config;

    GenerationPrompt(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public ChatRequest apply(Turn turn) {
        Position position = turn.get(RuleSteps.MOVE).orElseThrow().to();
        Conversation conversation = turn.get(RuleTurn.CONVERSATION).orElseThrow();
        StringBuilder system = new StringBuilder(config.instructions());
        Scenario scenario = position.scenarioIfAny().flatMap(id -> config.book().scenario(id)).orElse(null);
        if (scenario != null) {
            system.append("\n\nWhere the conversation is: ").append(scenario.id())
                    .append(scenario.description().isEmpty() ? "" : " (" + scenario.description() + ")");
            position.stepIfAny().flatMap(scenario::step).ifPresent(step -> system.append(", step ").append(step.id())
                    .append(step.description().isEmpty() ? "" : " (" + step.description() + ")"));
            system.append('.');
        }
        system.append("\n\nRules for this answer:");
        for (Rule rule : turn.get(RuleSteps.MATCH).orElseThrow().rules()) {
            system.append("\n- ").append(rule.actionText());
        }
        Map<String, Map<String, Object>> tools = turn.get(RuleSteps.TOOLS).orElseThrow().results();
        if (!tools.isEmpty()) {
            system.append("\n\nTool results:");
            tools.forEach((tool, result) -> system.append("\n- ").append(tool).append(": ").append(CODEC.write(result)));
        }
        if (scenario != null) {
            StringBuilder profile = new StringBuilder();
            for (String field : scenario.profileFields()) {
                Object value = conversation.profile().get(field);
                if (value != null) {
                    profile.append("\n- ").append(field).append(": ").append(value);
                }
            }
            if (profile.length() > 0) {
                system.append("\n\nCustomer profile:").append(profile);
            }
        }
        return ChatRequest.builder().purpose(RuleSteps.GENERATION_PURPOSE)
                .addMessage(ChatMessage.system(system.toString()))
                .addMessage(ChatMessage.user(turn.request().message())).build();
    }
}

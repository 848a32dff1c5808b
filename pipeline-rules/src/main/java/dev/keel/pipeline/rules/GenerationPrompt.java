package dev.keel.pipeline.rules;

import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.pipeline.Turn;
import dev.keel.rules.Position;
import dev.keel.rules.Rule;
import dev.keel.rules.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The generation prompt: a system message of the configured instructions, where the conversation is and the matched
 * rules' actions (nothing else of the rule book), as text, then the tool results and the profile fields the scenario
 * names, each a JSON part after a line naming it (data, never spliced into the instructions); then the user's
 * message with its parts and their labels as the request gave them. The reasoning step adds the PARTIAL instruction
 * and, on a second attempt, the broken rules. Immutable and thread-safe.
 */
final class GenerationPrompt implements Function<Turn, ChatRequest> {

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
        List<Part> parts = new ArrayList<>();
        parts.add(Part.text(system.toString()));
        Map<String, Map<String, Object>> tools = turn.get(RuleSteps.TOOLS).orElseThrow().results();
        if (!tools.isEmpty()) {
            parts.add(Part.text("Tool results:"));
            parts.add(Part.json(tools));
        }
        if (scenario != null) {
            Map<String, Object> profile = new LinkedHashMap<>();
            for (String field : scenario.profileFields()) {
                Object value = conversation.profile().get(field);
                if (value != null) {
                    profile.put(field, value);
                }
            }
            if (!profile.isEmpty()) {
                parts.add(Part.text("Customer profile:"));
                parts.add(Part.json(profile));
            }
        }
        return ChatRequest.builder().purpose(RuleSteps.GENERATION_PURPOSE)
                .addMessage(new ChatMessage(ChatRole.SYSTEM, parts))
                .addMessage(turn.request().userMessage()).build();
    }
}

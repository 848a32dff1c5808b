package dev.keel.pipeline.rules;

import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnStep;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs each tool the matched rules name once, in the order the rules matched, with the conversation's variables;
 * one pass, no loop. Immutable and thread-safe.
 */
final class ToolStep implements TurnStep {

    private final RuleTurn.Config config;

    ToolStep(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "tools";
    }

    @Override
    public StepResult apply(Turn turn) {
        Conversation conversation = turn.get(RuleTurn.CONVERSATION).orElseThrow();
        Set<String> tools = new LinkedHashSet<>();
        turn.get(RuleSteps.MATCH).orElseThrow().rules().forEach(rule -> tools.addAll(rule.tools()));
        Map<String, Map<String, Object>> results = new LinkedHashMap<>();
        for (String tool : tools) {
            results.put(tool, config.tools().execute(new ToolCall(tool, conversation.arguments(),
                    conversation.sessionId(), turn.requestId())));
        }
        turn.put(RuleSteps.TOOLS, new ToolResults(results));
        turn.trace(name(), tools.isEmpty() ? "no tool to run" : "ran " + tools, Map.of("tools", List.copyOf(tools)));
        RuleTurn.summarize(turn);
        return StepResult.proceed();
    }
}

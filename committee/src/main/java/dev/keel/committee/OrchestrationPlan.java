package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The master's plan (phase A), strict JSON: {@code {"taskType", "agentsToRun": [..], "rounds": 1|2|3,
 * "needsClarification", "clarificationQuestion"?: {"question", "options": ["A ..", "B ..", "C .."]},
 * "outputShape": "ask"|"audit"|"deep"}}. A plan that needs a clarification must carry its question. Immutable, pure
 * and thread-safe.
 */
public record OrchestrationPlan(TaskType taskType, List<String> agentsToRun, int rounds, boolean needsClarification,
                                @Nullable ClarificationQuestion clarificationQuestion, Mode outputShape) {

    /** The most rounds a plan may ask for. */
    public static final int MAX_ROUNDS = 3;

    public OrchestrationPlan {
        Objects.requireNonNull(taskType, "taskType");
        agentsToRun = List.copyOf(agentsToRun);
        Objects.requireNonNull(outputShape, "outputShape");
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new InvalidInputException("rounds must be 1, 2 or 3");
        }
        if (needsClarification && clarificationQuestion == null) {
            throw new InvalidInputException("a plan that needs a clarification must carry its question");
        }
    }

    public Optional<ClarificationQuestion> question() {
        return Optional.ofNullable(clarificationQuestion);
    }

    /** The wire form, {@code clarificationQuestion} left out when there is none. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("taskType", taskType.wireName());
        wire.put("agentsToRun", agentsToRun);
        wire.put("rounds", rounds);
        wire.put("needsClarification", needsClarification);
        if (clarificationQuestion != null) {
            wire.put("clarificationQuestion", clarificationQuestion.toWire());
        }
        wire.put("outputShape", outputShape.wireName());
        return wire;
    }

    /** Reads the wire form; problems (by pointer) go to the value's reader and the result is then null. */
    public static OrchestrationPlan read(Value value) {
        ObjectValue plan = value.object("taskType", "agentsToRun", "rounds", "needsClarification",
                "clarificationQuestion", "outputShape");
        TaskType taskType = plan.required("taskType").enumValue(TaskType.class, TaskType::wireName);
        Value agentsValue = plan.required("agentsToRun");
        List<String> agents = agentsValue.list(Value::nonBlankString);
        if (agents != null && new LinkedHashSet<>(agents).size() != agents.size()) {
            agentsValue.problem("names an agent twice");
        }
        Integer rounds = plan.required("rounds").integer(1, MAX_ROUNDS);
        Boolean needsClarification = plan.required("needsClarification").bool();
        Value questionValue = plan.optional("clarificationQuestion");
        ClarificationQuestion question = questionValue.isPresent() && !questionValue.isNull()
                ? ClarificationQuestion.read(questionValue) : null;
        if (Boolean.TRUE.equals(needsClarification) && !questionValue.isPresent()) {
            questionValue.problem("required when needsClarification is true");
        }
        Mode shape = plan.required("outputShape").enumValue(Mode.class, Mode::wireName);
        return plan.build(() -> new OrchestrationPlan(taskType, agents, rounds, needsClarification, question, shape));
    }
}

package dev.keel.stage;

import dev.keel.core.content.Part;
import dev.keel.core.reask.Problem;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Builds the messages of each stage call. The persona block and every stage's directive message are built once,
 * when the runtime is built, and the same {@link ChatMessage} instances are sent with every call (so a backend
 * with prompt caching sees an identical prefix). Immutable and thread-safe.
 */
final class PromptAssembler {

    /** The shared runtime conventions ({@code docs/stage-runtime.md}), appended to the persona. */
    static final String CONVENTIONS = String.join("\n",
            "Output conventions for every stage:",
            "1. Reply with a single JSON object: double-quoted keys, UTF-8 text. No Markdown, no code fences, no prose"
                    + " before or after it.",
            "2. Your inputs come in the user message as one JSON object, {\"input\": {...}}. input.cached_state holds"
                    + " the outputs of earlier stages, keyed by stage id.",
            "3. When a stage reads input.cached_state.session_id, echo it as \"session_id\" and give a new"
                    + " \"response_id\"; when a stage's directive does not mention these fields, leave both out.",
            "4. Write confidence and relevance scores from 0.00 to 1.00 with exactly two decimal places (0.80, not 0.8).",
            "5. Always include \"telemetry\": {\"notes\": null}. When told that your output failed validation, send the"
                    + " whole corrected object again with \"telemetry\": {\"notes\": \"<what you fixed>\"}.");

    private final ChatMessage persona;
    private final Map<String, ChatMessage> directives;

    PromptAssembler(StageContract entry, List<StageContract> modelStages) {
        String personaText = entry.kind() == StageKind.SYSTEM ? entry.directive().strip() + "\n\n" + CONVENTIONS : CONVENTIONS;
        this.persona = ChatMessage.system(personaText);
        Map<String, ChatMessage> byStage = new HashMap<>();
        for (StageContract contract : modelStages) {
            byStage.put(contract.id(), ChatMessage.system(directiveText(contract)));
        }
        this.directives = Collections.unmodifiableMap(byStage);
    }

    /** The base persona block: the same instance for every call. */
    ChatMessage persona() {
        return persona;
    }

    /** The stage's directive message: the same instance for every call of the stage. */
    ChatMessage directive(String stageId) {
        // Only model stages reachable from the entry are run, and each of them has its message.
        return Objects.requireNonNull(directives.get(stageId), "directive");
    }

    /** The contract's directive and a line stating its envelope, generated so that it always matches the contract. */
    private static String directiveText(StageContract contract) {
        String session = contract.sessionFields() == SessionFields.ECHO
                ? "\"session_id\": the value of input.cached_state.session_id, \"response_id\": a new id"
                : "no \"session_id\" and no \"response_id\"";
        String nextSteps = contract.nextStep().allowed().stream().map(id -> "\"" + id + "\"")
                .collect(Collectors.joining(" | "));
        String envelope = "Envelope of this stage's object: \"stage\": \"" + contract.id() + "\"; " + session
                + "; \"nextStep\": " + nextSteps + "; \"telemetry\": {\"notes\": ...}.";
        String directive = contract.directive().strip();
        return directive.isEmpty() ? envelope : directive + "\n\n" + envelope;
    }

    /**
     * The user block: {@code {"input": {<slot>: <value>, ...}}}, slots in the contract's order, as one JSON part (the
     * user's request and earlier stages' outputs are values in it, read as values by every filter).
     */
    ChatMessage userBlock(Map<String, Object> slotValues) {
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("input", slotValues);
        return ChatMessage.of(ChatRole.USER, Part.json(block));
    }

    /**
     * The re-ask: what to do (a text part), then the violations as the telemetry note the corrected output should
     * answer with its own note (a JSON part: the violations may quote the rejected output).
     */
    ChatMessage correction(String stageId, List<Problem> violations) {
        String notes = violations.size() + (violations.size() == 1 ? " violation: " : " violations: ")
                + violations.stream().map(Problem::toString).collect(Collectors.joining("; "));
        Map<String, Object> telemetry = new LinkedHashMap<>();
        telemetry.put("notes", notes);
        Map<String, Object> block = new LinkedHashMap<>();
        block.put("telemetry", telemetry);
        return ChatMessage.of(ChatRole.USER, Part.text("Your JSON for stage \"" + stageId + "\" failed validation."
                + " Send the complete corrected JSON object again, with every violation below fixed and \"telemetry\":"
                + " {\"notes\": \"<what you fixed>\"}. Reply with the JSON object only."), Part.json(block));
    }
}

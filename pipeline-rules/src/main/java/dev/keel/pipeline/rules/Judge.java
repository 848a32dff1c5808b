package dev.keel.pipeline.rules;

import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.ModelJson;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.ResponseFormat;
import dev.keel.pipeline.Turn;
import dev.keel.rules.Rule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Lane 2: one call asking a judge model whether an answer keeps to subjective rules (the rules in the system message,
 * the answer as a Markdown part of its own), for a strict JSON verdict
 * {@code {"verdict": "pass" | "violation", "violated": [rule ids], "reason": text}}. A reply that is not exactly that
 * (not one JSON object, an id that was not asked about, a verdict that disagrees with its list) is not trusted: every
 * rule asked about counts as broken. Immutable and thread-safe.
 */
final class Judge {

    /** What the judge found: the rules broken, and its reason (or why the reply was not trusted). */
    record Finding(List<String> violated, String note) {
    }

    static final String INSTRUCTION = "You check whether an assistant's answer keeps to rules. The answer is the "
            + "user message. Reply with one JSON object and nothing else: {\"verdict\": \"pass\" or \"violation\", "
            + "\"violated\": [the ids of the rules the answer breaks], \"reason\": \"why, in one sentence\"}.";

    private static final JsonCodec CODEC = JsonCodec.strict();

    private Judge() {
    }

    static Finding ask(Turn turn, String target, List<Rule> rules, String answer) {
        StringBuilder system = new StringBuilder(INSTRUCTION).append("\n\nRules:");
        rules.forEach(rule -> system.append("\n- ").append(rule.id()).append(": ").append(rule.actionText()));
        ChatRequest request = ChatRequest.builder().purpose(RuleSteps.JUDGE_PURPOSE)
                .addMessage(ChatMessage.system(system.toString()))
                .addMessage(ChatMessage.of(ChatRole.USER, Part.markdown(answer))).responseFormat(ResponseFormat.JSON).build();
        String reply = turn.backends().chat(target, request).text();
        return read(reply, rules.stream().map(Rule::id).toList());
    }

    /** The judge's finding from its reply; every rule asked about when the reply cannot be trusted. */
    static Finding read(String reply, List<String> asked) {
        ModelJson.Reading json = ModelJson.read(CODEC, reply);
        if (!json.ok()) {
            return new Finding(asked, "the judge's reply was not read: " + json.problem());
        }
        JsonTreeReader reader = JsonTreeReader.of(json.value());
        ObjectValue verdict = reader.root().object("verdict", "violated", "reason");
        String decision = verdict.required("verdict").string();
        List<String> violated = verdict.required("violated").strings();
        String reason = verdict.optional("reason").string();
        if (decision != null && !decision.equals("pass") && !decision.equals("violation")) {
            verdict.required("verdict").problem("must be 'pass' or 'violation'");
        }
        if (violated != null) {
            Set<String> seen = new HashSet<>();
            for (String id : violated) {
                if (!asked.contains(id) || !seen.add(id)) {
                    reader.problem("/violated", "names '" + id + "', " + (seen.contains(id) && asked.contains(id)
                            ? "twice" : "a rule it was not asked about"));
                }
            }
            if (decision != null && decision.equals("pass") != violated.isEmpty()) {
                reader.problem("/verdict", "says " + decision + " but lists " + violated.size() + " broken rules");
            }
        }
        if (reader.hasProblems()) {
            return new Finding(asked, "the judge's reply was not trusted: " + reader.problems().get(0));
        }
        return new Finding(new ArrayList<>(violated), reason == null ? "" : reason);
    }
}

package dev.keel.pipeline.rules;

import dev.keel.pipeline.Enforcement;
import dev.keel.pipeline.EnforcementStep;
import dev.keel.pipeline.Turn;
import dev.keel.rules.EnforcementRequest;
import dev.keel.rules.JudgeSampling;
import dev.keel.rules.Rule;
import dev.keel.rules.RuleSet;
import dev.keel.rules.RuleVerdict;
import dev.keel.rules.RuleViolation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lanes on each written answer: Lane 1 over the matched rules and every hard rule, with the conversation's
 * variables and the tools' numbers, strings and booleans; when it passed and subjective rules are to be judged, one
 * judge call. A broken rule is stated, with its action, in the instruction to write the answer again. Immutable and
 * thread-safe.
 */
final class LaneEnforcement implements EnforcementStep {

    private final RuleTurn.Config config;

    LaneEnforcement(RuleTurn.Config config) {
        this.config = config;
    }

    @Override
    public String name() {
        return "lanes";
    }

    @Override
    public Enforcement check(Turn turn, String answer) {
        Conversation conversation = turn.get(RuleTurn.CONVERSATION).orElseThrow();
        RuleMatch match = turn.get(RuleSteps.MATCH).orElseThrow();
        LaneChecks before = turn.get(RuleSteps.CHECKS).orElse(new LaneChecks(List.of()));
        boolean sampled = JudgeSampling.sampled(conversation.sessionId(), conversation.turn(), config.judgeSampleRate());
        RuleSet rules = config.book().rules();
        RuleVerdict lane1 = rules.check(EnforcementRequest.builder().selected(match.ids())
                .variables(variables(conversation, turn)).response(answer).risky(match.risky()).sampled(sampled)
                .build());
        List<String> broken = new ArrayList<>(lane1.violations().stream().map(RuleViolation::ruleId).toList());
        List<String> judged = List.of();
        Judge.Finding finding = new Judge.Finding(List.of(), "");
        if (lane1.passed() && !lane1.judge().isEmpty()) {
            judged = lane1.judge();
            String configured = config.judgeBackend();
            String target = configured != null ? configured : turn.route().orElseThrow().backendTarget();
            finding = Judge.ask(turn, target, judged.stream().map(id -> rules.find(id).orElseThrow()).toList(), answer);
            broken.addAll(finding.violated());
        }
        LaneCheck check = new LaneCheck(before.checks().size() + 1, match.risky(), sampled, lane1, judged,
                finding.violated(), turn.filtered(finding.note()));
        turn.put(RuleSteps.CHECKS, before.with(check));
        turn.trace(name(), "answer " + check.attempt() + ": " + (check.passed() ? "kept every rule" : "broke " + broken)
                + (judged.isEmpty() ? "" : "; judged " + judged), check.toWire());
        RuleTurn.summarize(turn);
        if (broken.isEmpty()) {
            return Enforcement.pass();
        }
        StringBuilder instruction = new StringBuilder("Your previous answer broke these rules. Write the answer again,"
                + " keeping to every rule:");
        broken.forEach(id -> instruction.append("\n- ").append(rules.find(id).map(Rule::actionText).orElse(id)));
        return Enforcement.violation(broken, instruction.toString());
    }

    /** The profile's fields, the session's variables, then the tools' scalar results: numbers, strings, booleans. */
    private static Map<String, Object> variables(Conversation conversation, Turn turn) {
        Map<String, Object> variables = new LinkedHashMap<>();
        conversation.arguments().forEach((name, value) -> putScalar(variables, name, value));
        turn.get(RuleSteps.TOOLS).ifPresent(tools -> tools.results().values().forEach(result ->
                result.forEach((name, value) -> putScalar(variables, name, value))));
        return variables;
    }

    private static void putScalar(Map<String, Object> variables, String name, Object value) {
        if (value instanceof Number || value instanceof String || value instanceof Boolean) {
            variables.put(name, value);
        }
    }
}

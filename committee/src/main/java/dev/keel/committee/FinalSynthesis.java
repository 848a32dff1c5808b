package dev.keel.committee;

import dev.keel.core.InvalidInputException;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The master's synthesis (phase B), strict JSON: {@code {"tldr": [1 to 3 lines], "replyMarkdown", "acceptanceTests"?: [..],
 * "assumptions": [..], "estimate"?: {...}, "clarificationQuestion"?: {...}, "meta": {"conflictPenalty", "coverageBonus"}, "audit":
 * {"citations": [{"unit": "agent:id", "justification"?}], "disagreements": [..]}}}. The committee renders the reply
 * from it and computes everything numeric itself (see {@code docs/committee.md}). Immutable, pure and thread-safe.
 */
public record FinalSynthesis(List<String> tldr, String replyMarkdown, List<String> acceptanceTests,
                             List<String> assumptions,
                             @Nullable EstimateDraft estimate, @Nullable ClarificationQuestion clarificationQuestion,
                             BigDecimal conflictPenalty, BigDecimal coverageBonus, List<Citation> citations,
                             List<String> disagreements) {

    public FinalSynthesis {
        tldr = List.copyOf(tldr);
        Objects.requireNonNull(replyMarkdown, "replyMarkdown");
        acceptanceTests = List.copyOf(acceptanceTests);
        assumptions = List.copyOf(assumptions);
        Objects.requireNonNull(conflictPenalty, "conflictPenalty");
        Objects.requireNonNull(coverageBonus, "coverageBonus");
        citations = List.copyOf(citations);
        disagreements = List.copyOf(disagreements);
        if (tldr.isEmpty() || tldr.size() > 3) {
            throw new InvalidInputException("a TL;DR has 1 to 3 lines");
        }
    }

    public Optional<EstimateDraft> estimateOption() {
        return Optional.ofNullable(estimate);
    }

    public Optional<ClarificationQuestion> question() {
        return Optional.ofNullable(clarificationQuestion);
    }

    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("tldr", tldr);
        wire.put("replyMarkdown", replyMarkdown);
        if (!acceptanceTests.isEmpty()) {
            wire.put("acceptanceTests", acceptanceTests);
        }
        wire.put("assumptions", assumptions);
        if (estimate != null) {
            wire.put("estimate", estimate.toWire());
        }
        if (clarificationQuestion != null) {
            wire.put("clarificationQuestion", clarificationQuestion.toWire());
        }
        wire.put("meta", Map.of("conflictPenalty", conflictPenalty, "coverageBonus", coverageBonus));
        Map<String, Object> audit = new LinkedHashMap<>();
        audit.put("citations", citations.stream().map(Citation::toWire).toList());
        audit.put("disagreements", disagreements);
        wire.put("audit", audit);
        return wire;
    }

    /** Reads the wire form; problems go to the value's reader and the result is then null. */
    public static FinalSynthesis read(Value value) {
        ObjectValue fields = value.object("tldr", "replyMarkdown", "acceptanceTests", "assumptions", "estimate",
                "clarificationQuestion", "meta", "audit");
        Value tldrValue = fields.required("tldr");
        List<String> tldr = tldrValue.list(Value::nonBlankString);
        if (tldr != null && (tldr.isEmpty() || tldr.size() > 3)) {
            tldrValue.problem("must hold 1 to 3 lines");
        }
        if (tldr != null && tldr.stream().anyMatch(line -> line.contains("\n"))) {
            tldrValue.problem("each line must be one line, without a line break");
        }
        String reply = fields.required("replyMarkdown").nonBlankString();
        Value testsValue = fields.optional("acceptanceTests");
        List<String> tests = testsValue.isPresent() && !testsValue.isNull() ? testsValue.list(Value::nonBlankString)
                : List.of();
        List<String> assumptions = fields.required("assumptions").list(Value::nonBlankString);
        Value estimateValue = fields.optional("estimate");
        EstimateDraft estimate = estimateValue.isPresent() && !estimateValue.isNull() ? EstimateDraft.read(estimateValue) : null;
        Value questionValue = fields.optional("clarificationQuestion");
        ClarificationQuestion question = questionValue.isPresent() && !questionValue.isNull()
                ? ClarificationQuestion.read(questionValue) : null;
        ObjectValue meta = fields.required("meta").object("conflictPenalty", "coverageBonus");
        BigDecimal penalty = meta.required("conflictPenalty").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        BigDecimal bonus = meta.required("coverageBonus").decimal(BigDecimal.ZERO, BigDecimal.ONE);
        ObjectValue audit = fields.required("audit").object("citations", "disagreements");
        List<Citation> citations = audit.required("citations").list(item -> {
            ObjectValue citation = item.object("unit", "justification");
            String unit = citation.required("unit").nonBlankString();
            String justification = citation.optional("justification").string();
            return citation.build(() -> new Citation(unit.strip(), justification));
        });
        List<String> disagreements = audit.required("disagreements").list(Value::nonBlankString);
        return fields.build(() -> new FinalSynthesis(tldr, reply,
                tests == null ? List.of() : tests, assumptions, estimate, question, penalty, bonus,
                citations == null ? new ArrayList<>() : citations, disagreements));
    }
}

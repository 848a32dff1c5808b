package dev.keel.committee;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * A deterministic checker of a committee reply's invariants, for hosts' own tests (see {@code docs/committee.md}):
 *
 * <ul>
 *   <li>below the threshold, the reply is exactly one question with options A, B and C and nothing else
 *       ({@code question_expected}); at or above it, no question ({@code question_when_shipping});</li>
 *   <li>a shipped reply has a TL;DR of 1 to 3 lines ({@code tldr}), a main answer ({@code answer}), an assumptions
 *       ledger ({@code assumptions}), the confidence equal to {@code c_final} ({@code confidence}), and when the
 *       answer holds a plan, the execution-time estimate ({@code estimate_missing}) whose E values and totals are
 *       what {@link PertEstimate} computes from its O, M and P ({@code estimate_inconsistent}); when
 *       {@code meta.taskType} is one that builds something ({@link TaskType#buildable()}), acceptance tests
 *       ({@code acceptance_tests_missing});</li>
 *   <li>no citation of a DISCARD agent's unit ({@code discard_cited}); a QUARANTINE unit cited only with a
 *       justification in the audit ({@code quarantine_unjustified}, checked where the audit is at hand).</li>
 * </ul>
 *
 * <p>Pure and thread-safe.
 */
public final class ReplyInvariants {

    private ReplyInvariants() {
    }

    /** The broken invariants of {@code response} (empty when it keeps them all). */
    public static List<InvariantViolation> check(CommitteeResponse response) {
        return check(response.reply(), response.meta(), response.audit(), response.askUserThreshold());
    }

    /**
     * The broken invariants of a response's wire form, {@code {"reply", "meta", "audit"?}}, held against
     * {@code askUserThreshold}; quarantine justifications are checked only when the audit is there.
     */
    public static List<InvariantViolation> check(Map<String, Object> wire, BigDecimal askUserThreshold) {
        Object meta = wire.get("meta");
        Object audit = wire.get("audit");
        return check(wire.get("reply"), meta instanceof Map ? cast(meta) : Map.of(),
                audit instanceof Map ? cast(audit) : null, askUserThreshold);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object map) {
        return (Map<String, Object>) map;
    }

    private static List<InvariantViolation> check(@Nullable Object replyValue, Map<String, Object> meta,
                                                  @Nullable Map<String, Object> audit, BigDecimal threshold) {
        List<InvariantViolation> violations = new ArrayList<>();
        if (!(replyValue instanceof String)) {
            violations.add(new InvariantViolation("reply", "the reply is not a string"));
            return violations;
        }
        String reply = (String) replyValue;
        BigDecimal cFinal = meta.get("c_final") instanceof BigDecimal ? (BigDecimal) meta.get("c_final") : null;
        if (cFinal == null || cFinal.signum() < 0 || cFinal.compareTo(BigDecimal.ONE) > 0) {
            violations.add(new InvariantViolation("confidence", "meta.c_final is not a number from 0 to 1"));
            return violations;
        }
        if (cFinal.compareTo(threshold) < 0) {
            if (!ReplyText.isQuestion(reply)) {
                violations.add(new InvariantViolation("question_expected", "c_final " + cFinal.toPlainString()
                        + " is below " + threshold.toPlainString()
                        + ": the reply must be exactly one question with options A, B and C, and nothing else"));
            }
            return violations;
        }
        if (ReplyText.asksUser(reply)) {
            violations.add(new InvariantViolation("question_when_shipping", "c_final " + cFinal.toPlainString()
                    + " reaches " + threshold.toPlainString() + ", yet the reply asks the user a question"));
        }
        Map<String, String> sections = ReplyText.sections(reply);
        List<String> tldr = nonBlankLines(sections.get(ReplyText.TLDR));
        if (tldr.isEmpty() || tldr.size() > 3) {
            violations.add(new InvariantViolation("tldr", "the reply needs a TL;DR of 1 to 3 lines, found "
                    + tldr.size()));
        }
        String answer = sections.get(ReplyText.ANSWER);
        if (answer == null || answer.isBlank()) {
            violations.add(new InvariantViolation("answer", "the reply has no main answer"));
        }
        if (ReplyText.bullets(sections.getOrDefault(ReplyText.ASSUMPTIONS, "")).isEmpty()) {
            violations.add(new InvariantViolation("assumptions", "the reply has no assumptions ledger"));
        }
        String confidence = sections.get(ReplyText.CONFIDENCE);
        BigDecimal shown = confidence == null ? null : ReplyText.confidence(confidence);
        if (shown == null || shown.compareTo(cFinal) != 0) {
            violations.add(new InvariantViolation("confidence", "the reply's confidence must be c_final, "
                    + cFinal.toPlainString() + ", found " + (shown == null ? "none" : shown.toPlainString())));
        }
        if (meta.get("taskType") instanceof String type && Arrays.stream(TaskType.values())
                .anyMatch(t -> t.buildable() && t.wireName().equals(type))
                && ReplyText.bullets(sections.getOrDefault(ReplyText.ACCEPTANCE_TESTS, "")).isEmpty()) {
            violations.add(new InvariantViolation("acceptance_tests_missing", "the task is " + type
                    + ", something to build, but the reply lists no acceptance tests"));
        }
        String estimate = sections.get(ReplyText.ESTIMATE);
        if (answer != null && ReplyText.hasPlan(answer) && estimate == null) {
            violations.add(new InvariantViolation("estimate_missing",
                    "the answer holds a plan but the reply has no execution time estimate"));
        }
        if (estimate != null) {
            checkEstimate(estimate, violations);
        }
        checkCitations(reply, meta, audit, violations);
        return violations;
    }

    private static void checkEstimate(String estimate, List<InvariantViolation> violations) {
        List<BigDecimal[]> steps = ReplyText.estimateSteps(estimate);
        BigDecimal[] total = ReplyText.estimateTotal(estimate);
        if (steps.isEmpty() || total == null) {
            violations.add(new InvariantViolation("estimate_inconsistent",
                    "the estimate needs per-step O, M, P, E lines and a total line"));
            return;
        }
        BigDecimal[] sums = {BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO, BigDecimal.ZERO};
        int k = 1;
        for (BigDecimal[] step : steps) {
            BigDecimal expected = PertEstimate.expected(step[0], step[1], step[2]);
            if (expected.compareTo(step[3]) != 0) {
                violations.add(new InvariantViolation("estimate_inconsistent", "step " + k + ": E is "
                        + step[3].toPlainString() + ", (O + 4M + P) / 6 is " + expected.toPlainString()));
            }
            for (int i = 0; i < 4; i++) {
                sums[i] = sums[i].add(i == 3 ? expected : step[i]);
            }
            k++;
        }
        String[] names = {"O_total", "M_total", "P_total", "E_total"};
        for (int i = 0; i < 4; i++) {
            if (sums[i].compareTo(total[i]) != 0) {
                violations.add(new InvariantViolation("estimate_inconsistent", names[i] + " is "
                        + total[i].toPlainString() + ", the sum of the steps is " + sums[i].toPlainString()));
            }
        }
    }

    private static void checkCitations(String reply, Map<String, Object> meta, @Nullable Map<String, Object> audit,
                                       List<InvariantViolation> violations) {
        Set<String> discarded = names(meta, "discarded");
        Set<String> quarantined = names(meta, "quarantined");
        Set<String> justified = new HashSet<>();
        if (audit != null && audit.get("quarantineJustifications") instanceof List) {
            for (Object item : (List<?>) audit.get("quarantineJustifications")) {
                if (item instanceof Map && ((Map<?, ?>) item).get("unit") instanceof String
                        && ((Map<?, ?>) item).get("justification") instanceof String
                        && !((String) ((Map<?, ?>) item).get("justification")).isBlank()) {
                    justified.add((String) ((Map<?, ?>) item).get("unit"));
                }
            }
        }
        for (String marker : ReplyText.markers(reply)) {
            String agent = marker.substring(0, marker.indexOf(':'));
            if (discarded.contains(agent)) {
                violations.add(new InvariantViolation("discard_cited", "the reply cites [" + marker
                        + "], a unit of the DISCARD agent " + agent));
            } else if (quarantined.contains(agent) && audit != null && !justified.contains(marker)) {
                violations.add(new InvariantViolation("quarantine_unjustified", "the reply cites [" + marker
                        + "] of the QUARANTINE agent " + agent + " without a justification in the audit"));
            }
        }
    }

    private static Set<String> names(Map<String, Object> meta, String status) {
        Set<String> names = new HashSet<>();
        if (meta.get("invalidation") instanceof Map && ((Map<?, ?>) meta.get("invalidation")).get(status) instanceof List) {
            for (Object name : (List<?>) ((Map<?, ?>) meta.get("invalidation")).get(status)) {
                names.add(String.valueOf(name));
            }
        }
        return names;
    }

    private static List<String> nonBlankLines(@Nullable String section) {
        List<String> lines = new ArrayList<>();
        if (section != null) {
            for (String line : section.split("\n")) {
                if (!line.isBlank()) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }
}

package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.examples.tools.OperationsAssistant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code keel demo tools} run in process as a user runs it: the operations assistant over the MCP servers it starts,
 * each point of the "done when" as the output shows it, and every role ending with exit 0 and no stack trace.
 */
@SuppressWarnings("unchecked")
class ToolsDemoCommandTest {

    static final String TEAM_COST = "What does the operations team cost us this month?";
    static final String TICKETS_IN_EUROS = "What do the open tickets come to in euros?";

    @ParameterizedTest
    @ValueSource(strings = {"guest", "staff", "finance", "visitor"})
    void everyRoleAsksTheShippedQuestionsAndEndsWithExitZeroAndNoStackTrace(String role) {
        CommandRun run = CommandRun.of("demo", "tools", "--role", role);

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("Exception", "\tat ");
        assertThat(run.out()).startsWith("# Northwind operations assistant, asked by " + role)
                .contains("Offline: the model is a replay of recorded replies");
        assertThat(run.out().split("\n## ")).hasSize(1 + OperationsAssistant.SAMPLE_QUESTIONS.size());
        OperationsAssistant.SAMPLE_QUESTIONS.forEach(question -> assertThat(run.out()).contains("## " + question));
    }

    @ParameterizedTest
    @ValueSource(strings = {"guest", "staff", "finance"})
    void everyRoleGivesOneJsonObjectPerQuestionAndExitZero(String role) {
        CommandRun run = CommandRun.of("demo", "tools", "--role", role, "--json");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err()).doesNotContain("Exception", "\tat ");
        assertThat(run.lines()).hasSize(OperationsAssistant.SAMPLE_QUESTIONS.size())
                .allSatisfy(line -> assertThat(JsonCodec.strict().parseObject(line)).containsKeys("question",
                        "answer", "served"));
    }

    @Test
    void aGuestsPayrollCallIsRefusedWithItsReasonCodeTheModelIsToldAndTheEvidenceGateLimitsTheAnswer() {
        CommandRun run = CommandRun.of("demo", "tools", "--role", "guest", TEAM_COST);

        assertThat(run.status()).isZero();
        assertThat(run.out())
                .contains("tool payroll_summary (internal): refused by the tool gate (tool_role_not_allowed,"
                        + " tool_not_offered); nothing"
                        + " was sent, and the model was told")
                .contains("The sources checked do not confirm an answer to this question: aggregate_by_axis: refused"
                        + " (tool_role_not_allowed)")
                .contains("evidence gate: checked_sources_only")
                .doesNotContain("184250");
    }

    @Test
    void aPayrollResultLowersAStaffMembersAllowToPartialAndTheAnswerWithholdsItsFigures() {
        CommandRun staff = CommandRun.of("demo", "tools", "--role", "staff", TEAM_COST);
        CommandRun finance = CommandRun.of("demo", "tools", "--role", "finance", TEAM_COST);

        assertThat(staff.out()).contains("PARTIAL (asked under ALLOW), answered")
                .contains("tool payroll_summary (internal): called; its result, of domain payroll, lowered the "
                        + "decision to PARTIAL (tool_result_lowered)")
                .contains("[amount withheld]").doesNotContain("184250", "15354");
        assertThat(finance.out()).contains("ALLOW, answered").contains("184250 USD gross for 12 people")
                .contains("evidence gate: confirmed_answer");
    }

    @Test
    void anInternalOnlyRequestNeverCallsTheExternalTool() {
        CommandRun run = CommandRun.of("demo", "tools", "--role", "staff", "--json", "Confidential: "
                + TICKETS_IN_EUROS);

        Map<String, Object> line = JsonCodec.strict().parseObject(run.lines().get(0));
        Map<String, Object> served = (Map<String, Object>) line.get("served");
        assertThat((List<Object>) served.get("market")).isEmpty();
        Map<String, Object> provenance = (Map<String, Object>) ((Map<String, Object>) line.get("answer"))
                .get("provenance");
        assertThat(provenance).containsEntry("internal_only", true);
        assertThat((List<Map<String, Object>>) provenance.get("tools")).anySatisfy(tool -> assertThat(tool)
                .containsEntry("tool", "exchange_rate").containsEntry("decision", "DENY")
                .containsEntry("reason_codes", List.of("tool_external_internal_only")));
    }

    @Test
    void theExternalServerReceivesNoWithheldItemAndTheJsonHasTheTraceAndTheProvenance() {
        CommandRun run = CommandRun.of("demo", "tools", "--role", "guest", "--json", TICKETS_IN_EUROS);

        Map<String, Object> line = JsonCodec.strict().parseObject(run.lines().get(0));
        List<Map<String, Object>> market = (List<Map<String, Object>>) ((Map<String, Object>) line.get("served"))
                .get("market");
        assertThat(market).singleElement().satisfies(call -> {
            assertThat(call).containsEntry("tool", "exchange_rate");
            assertThat((Map<String, Object>) call.get("arguments")).containsEntry("account", "[argument withheld]")
                    .containsEntry("amount", "[figure withheld]");
            assertThat(JsonCodec.strict().write(call)).doesNotContain("3400", "NW-OPS-7781");
        });
        Map<String, Object> answer = (Map<String, Object>) line.get("answer");
        assertThat((List<Object>) answer.get("trace")).isNotEmpty();
        Map<String, Object> provenance = (Map<String, Object>) answer.get("provenance");
        assertThat(provenance).containsEntry("backend_used", "recorded_model");
        assertThat((Map<String, Object>) provenance.get("model")).containsEntry("replay", true);
        assertThat((Map<String, Object>) provenance.get("discovery")).containsEntry("answer_permission",
                "confirmed_answer");
    }
}

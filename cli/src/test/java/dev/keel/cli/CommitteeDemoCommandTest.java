package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code keel demo committee} as a user runs it without a provider: the shipped recordings answer every call. */
class CommitteeDemoCommandTest {

    private record Run(int status, String out, String err) {
    }

    private static Run keel(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = new CommandLine(new KeelCommand()).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void withoutAQuestionTheSamplesArePlayedAsASummary() {
        Run run = keel("demo", "committee");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("Replayed from the recording deep-rounds.",
                        "Decision ALLOW [principal_from_host", "committee shipped, c_final ",
                        "## Scores", "| agent       | coherence | alignment |", "| implementer | 22        |",
                        "## Acceptance tests\n- pg_stat_replication on the primary shows both replicas streaming")
                .doesNotContain("## Audit record", "\"quarantineJustifications\"", "## Governed call");
        assertThat(run.out().split("Reply invariants: all hold", -1)).hasSize(6);
    }

    @Test
    void withAuditTheSamplesShowTheWholeAppendixFromTheRecordings() {
        Run run = keel("demo", "committee", "--audit");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("No provider is configured (--config): every model call is answered from"
                + " the recorded replies")
                .contains("Replayed from the recording shipping-plan.", "Replayed from the recording ask-user.",
                        "Replayed from the recording discarded-agent.",
                        "Replayed from the recording quarantined-citation.")
                .contains("## Execution time estimate", "**Question:** Which reports do you mean?")
                .containsPattern("\"discarded\": \\[\\s*\"verifier\"\\s*\\]")
                .containsPattern("\"quarantined\": \\[\\s*\"critic\"\\s*\\]")
                .contains("## Audit record (governed_call, request ", "\"quarantineJustifications\"",
                        "Replay: {\"recording\":\"shipping-plan\",\"source\":\"shipped\"")
                .contains("Every request is a governed call for the role client",
                        "decision ALLOW [principal_from_host", "master -> replay:master (external)");
        assertThat(run.out().split("Reply invariants: all hold", -1)).hasSize(6);
        assertThat(run.out()).doesNotContain("Reply invariants: broken");
    }

    @Test
    void aQuestionWithoutARecordingIsNotAnsweredWhenNoProviderIsConfigured() {
        Run run = keel("demo", "committee", "--mode", "deep", "What", "is", "the", "weather?");

        assertThat(run.status()).isEqualTo(1);
        assertThat(run.out()).contains("replay mode answers only the recorded requests",
                "Configure a provider with --config llm.config.json").doesNotContain("## Reply");
    }

    @Test
    void anUnknownModeIsAUsageError() {
        Run run = keel("demo", "committee", "--mode", "quick", "Hello");

        assertThat(run.status()).isEqualTo(2);
        assertThat(run.err()).contains("--mode must be ask, audit or deep, not quick");
    }
}

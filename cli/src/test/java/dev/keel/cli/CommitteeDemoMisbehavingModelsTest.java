package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.examples.committee.MisbehavingModels;
import dev.keel.examples.committee.MisbehavingModels.Case;
import dev.keel.models.Environment;
import dev.keel.test.core.Misbehaviour;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code keel demo committee --config llm.config.json --mode audit --audit "question"} as a user runs it, in process
 * through picocli, against a provider on loopback where one call of the committee (the master's plan, each agent,
 * the scores, the synthesis) answers with each {@link dev.keel.test.core.Misbehaviour}, once or on every attempt.
 * The configuration names the provider's URL, the key and the models come from the variables it names (given here
 * as the process environment would give them). Every case exits 0 with a governed outcome whose telemetry is in the
 * summary and in the audit appendix; nothing prints an exception. The seed is in each case's name
 * ({@code -Dkeel.test.seed=N} replays it).
 */
class CommitteeDemoMisbehavingModelsTest {

    private static final long SEED = Long.getLong("keel.test.seed", 20_261_125L);
    private static final JsonCodec JSON = JsonCodec.strict();
    private static final Environment ENVIRONMENT = Environment.of(MisbehavingModels.variables());

    @TempDir
    static Path directory;

    private static MisbehavingModels models;
    private static Path config;

    @BeforeAll
    static void start() throws Exception {
        models = MisbehavingModels.start();
        config = models.configFile(directory);
    }

    @AfterAll
    static void stop() {
        models.close();
    }

    private record Run(int status, String out, String err) {
    }

    /** The command line as {@code keel} runs it, the demo reading its variables from {@code ENVIRONMENT}. */
    private static Run keel(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine.IFactory factory = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == CommitteeDemoCommand.class ? type.cast(new CommitteeDemoCommand(ENVIRONMENT))
                        : CommandLine.defaultFactory().create(type);
            }
        };
        // The command's log goes to the process's standard error: it is read too.
        PrintStream processErr = System.err;
        ByteArrayOutputStream logged = new ByteArrayOutputStream();
        System.setErr(new PrintStream(logged, true, StandardCharsets.UTF_8));
        int status;
        try {
            status = new CommandLine(new KeelCommand(), factory).setOut(new PrintWriter(out))
                    .setErr(new PrintWriter(err)).execute(args);
        } finally {
            System.setErr(processErr);
        }
        return new Run(status, out.toString(), err + logged.toString(StandardCharsets.UTF_8));
    }

    @TestFactory
    Stream<DynamicTest> everyCallOfTheCommitteeIsGovernedWhateverItsModelAnswers() {
        return MisbehavingModels.cases(SEED).map(c -> DynamicTest.dynamicTest(c.toString(),
                () -> play(c)));
    }

    private static void play(Case c) {
        models.play(c);
        Run run = keel("demo", "committee", "--config", config.toString(), "--mode", "audit", "--audit",
                MisbehavingModels.MESSAGE);

        assertThat(run.status()).as(c + ": " + run.out() + run.err()).isZero();
        assertThat(run.out() + run.err()).as(c.toString()).doesNotContain("Exception", "\tat ");
        assertThat(run.out()).as(c.toString()).contains("Real models answer", "Decision ALLOW [",
                "Calls that did not answer at once:", "\n  " + c.call().purpose() + ": ",
                c.kind() == Misbehaviour.EMPTY ? "attempt 1 backend_failed" : "attempt 1 invalid ([",
                "## Audit record (governed_call, request ", "Reply invariants: all hold");
        String reply = between(run.out(), "## Reply\n", run.out().contains("\n\n## Scores\n") ? "\n\n## Scores\n"
                : "\n\nNo agent was scored.");
        Map<String, Object> meta = JSON.parseObject(between(run.out(), "## Meta (the answer's provenance is under"
                + " meta.provenance on the wire)\n", "\n\n## Governed call"));
        Map<String, Object> appendix = JSON.parseObject(between(run.out(), "the committee's audit appendix\n",
                "\n\nReply invariants"));
        MisbehavingModels.assertGoverned(c, reply, meta, appendix);
        assertThat(run.out()).as(c.toString()).contains("committee " + appendix.get("outcome") + ",");
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("'" + start + "' in " + text).isNotNegative();
        int to = text.indexOf(end, from + start.length());
        assertThat(to).as("'" + end + "' in " + text).isNotNegative();
        return text.substring(from + start.length(), to);
    }
}

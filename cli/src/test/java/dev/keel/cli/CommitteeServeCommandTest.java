package dev.keel.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.keel.core.json.JsonCodec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code keel serve committee} as a user runs it: the service's own process on a loopback port, in replay mode, its
 * SQLite file where {@code --db} says, answering over HTTP until the command is interrupted. Needs the service's
 * executable jar, which a full build makes before the command line tool's tests.
 */
class CommitteeServeCommandTest {

    private static final String TOKEN = "t0ken-0f-the-serve-test-9d41";

    @TempDir
    Path data;

    @Test
    void theServiceAnswersFromTheRecordingsAndStopsWithTheCommand() throws Exception {
        int port = freePortWithTheServiceBuilt();
        Path db = data.resolve("served.db");
        StringWriter err = new StringWriter();
        ExecutorService runner = Executors.newSingleThreadExecutor();
        Future<Integer> serving = runner.submit(() -> new CommandLine(new KeelCommand())
                .setErr(new PrintWriter(err)).execute("serve", "committee", "--address", "127.0.0.1",
                        "--port", String.valueOf(port), "--replay", "shipped", "--db", db.toString(),
                        "--KEEL_COMMITTEE_TOKEN=" + TOKEN));
        try {
            HttpClient http = HttpClient.newHttpClient();
            URI base = URI.create("http://127.0.0.1:" + port);
            awaitHealth(http, base, serving, err);

            String sample = JsonCodec.strict().write(Map.of("source", "cli", "mode", "audit",
                    "user", Map.of("id", "u-1042", "name", "Mara"), "context", Map.of("channelId", "ops"),
                    "message", "What is a safe retention period for application logs that contain user ids?"));
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(base.resolve("/api/chat"))
                    .header("Content-Type", "application/json").header("Authorization", "Bearer " + TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString(sample)).build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> unauthorised = http.send(HttpRequest.newBuilder(base.resolve("/api/chat"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(sample))
                    .build(), HttpResponse.BodyHandlers.ofString());

            assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
            assertThat(answer.body()).contains("\"recording\":\"discarded-agent\"");
            assertThat(unauthorised.statusCode()).isEqualTo(401);
            assertThat(Files.size(db)).as("the SQLite file of --db").isPositive();
        } finally {
            serving.cancel(true);
            runner.shutdown();
            assertThat(runner.awaitTermination(60, TimeUnit.SECONDS)).as("the command stops with its service").isTrue();
        }
    }

    @Test
    void withoutItsTokenTheServiceStopsWithOneLineNamingTheVariableAndNoStackTrace() throws Exception {
        int port = freePortWithTheServiceBuilt();
        StringWriter err = new StringWriter();

        // A variable of this test's own, which the machine's environment cannot fill in.
        int exit = new CommandLine(new KeelCommand()).setErr(new PrintWriter(err)).execute("serve", "committee",
                "--port", String.valueOf(port), "--replay", "shipped", "--db", data.resolve("never.db").toString(),
                "--keel.committee.token-env=KEEL_SERVE_TEST_UNSET_TOKEN");

        assertThat(exit).isNotZero();
        assertThat(err.toString().lines().filter(line -> !line.isBlank())).as(err.toString()).containsExactly(
                "keel: environment variable KEEL_SERVE_TEST_UNSET_TOKEN is not set (the bearer token that POST"
                        + " /api/chat requires)");
        assertThat(err.toString()).doesNotContain("at dev.keel", "Exception");
    }

    private static void awaitHealth(HttpClient http, URI base, Future<Integer> serving, StringWriter err)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            assertThat(serving.isDone()).as("the service stopped early: " + err).isFalse();
            try {
                HttpResponse<String> health = http.send(HttpRequest.newBuilder(base.resolve("/health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
                    return;
                }
            } catch (java.io.IOException notYet) {
                // Not listening yet.
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the service did not answer /health within 90 s");
    }

    /** A free loopback port; skips when the service's jar was not packaged, except under CI, where it must be. */
    private static int freePortWithTheServiceBuilt() throws Exception {
        Path jar = Path.of("..").resolve(CommitteeServeCommand.JAR);
        // A partial build (-pl cli -am test) has no packaged jar; CI builds every module, so there it must exist.
        assumeTrue(Files.isRegularFile(jar) || "true".equals(System.getenv("CI")),
                "the service's jar is built by the package phase");
        try (ServerSocket free = new ServerSocket(0)) {
            return free.getLocalPort();
        }
    }
}

package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.committee.ReplyInvariants;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.committee.CommitteeReasoning;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.store.jdbc.JdbcStores;
import dev.keel.store.jdbc.StoreDialect;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service as a client sees it: the real application on a random loopback port in replay mode, over HTTP, with
 * its audit records in a real SQLite file read back after each request.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "server.address=127.0.0.1", "keel.committee.replay=shipped",
        "KEEL_COMMITTEE_TOKEN=" + CommitteeServiceHttpTest.TOKEN})
@ExtendWith(OutputCaptureExtension.class)
class CommitteeServiceHttpTest {

    static final String TOKEN = "t0ken-0f-the-http-test-5e3c";
    private static final JsonCodec JSON = JsonCodec.strict();

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry properties) {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("committee.db"));
    }

    @LocalServerPort
    int port;

    @Autowired
    AuditSink auditSink;

    @Autowired
    JdbcStores stores;

    private final HttpClient http = HttpClient.newHttpClient();

    static HttpResponse<String> post(HttpClient http, int port, String token, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/chat"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The request of the shipped recording {@code name}, as a client sends it. */
    static String sampleRequest(String name) {
        return JSON.write(RecordedReplies.shipped().conversations().stream().filter(c -> c.name().equals(name))
                .findFirst().orElseThrow().request().toWire());
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    /**
     * The log lines of {@code requestId}, once one of them contains {@code last}: the request's summary line is
     * written when its filter returns, which may be just after the client has read the response.
     */
    private static List<String> requestLines(CapturedOutput output, String requestId, String last)
            throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (true) {
            List<String> lines = output.getAll().lines().filter(line -> line.contains("requestId=" + requestId))
                    .toList();
            if (lines.stream().anyMatch(line -> line.contains(last)) || System.nanoTime() > deadline) {
                return lines;
            }
            Thread.sleep(10);
        }
    }

    @Test
    void aValidRequestIsAnsweredFromTheRecordingAndStoredAsOneAuditRecord(CapturedOutput output) throws Exception {
        HttpResponse<String> response = post(http, port, TOKEN, sampleRequest("shipping-plan"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("application/json"));
        String requestId = response.headers().firstValue(RequestIdFilter.HEADER).orElseThrow();
        Map<String, Object> body = JSON.parseObject(response.body());
        assertThat(body).containsOnlyKeys("reply", "meta", "audit");
        Map<String, Object> meta = object(body.get("meta"));
        assertThat(meta).containsOnlyKeys("taskType", "c_final", "budget", "usedAgents", "invalidation", "replay",
                "provenance");
        assertThat(meta.get("taskType")).isEqualTo("TECHNICAL_EXECUTION");
        assertThat(object(meta.get("budget"))).containsOnlyKeys("capUsd", "estimatedUsd", "modeCapExceeded");
        assertThat(object(meta.get("invalidation"))).containsOnlyKeys("discarded", "quarantined", "valid");
        assertThat(object(meta.get("replay"))).containsEntry("recording", "shipping-plan")
                .containsEntry("source", "shipped");
        assertThat(object(meta.get("provenance"))).containsEntry("request_id", requestId)
                .containsEntry("decision", "ALLOW").containsEntry("role", "client")
                .containsEntry("backend_used", "replay:master");
        assertThat(String.valueOf(object(meta.get("provenance")).get("llm_calls"))).as("plan, 3 agents, score, synthesis")
                .isEqualTo("6");
        assertThat(object(body.get("audit"))).containsEntry("replay", meta.get("replay"));
        assertThat(ReplyInvariants.check(body, new BigDecimal("0.70"))).isEmpty();

        AuditRecord stored = ((JdbcAuditSink) auditSink).find(requestId).orElseThrow();
        assertThat(stored.kind()).isEqualTo(Pipeline.AUDIT_KIND);
        assertThat(stored.payload()).containsEntry("decision", "ALLOW").containsEntry("outcome", "answered");
        Map<String, Object> details = object(stored.payload().get("details"));
        assertThat(object(details.get("replay"))).isEqualTo(meta.get("replay"));
        Map<String, Object> committee = object(details.get(CommitteeReasoning.AUDIT_DETAIL));
        assertThat(committee).containsKeys("request", "plan", "agentOutputs", "scores", "synthesis", "response",
                "audit");
        assertThat(object(committee.get("response")).get("reply")).isEqualTo(body.get("reply"));
        assertThat(committee.get("invariantViolations")).isEqualTo(List.of());
        assertThat(stores.dialect()).isEqualTo(StoreDialect.SQLITE);
        assertThat(Files.exists(data.resolve("committee.db"))).isTrue();

        List<String> lines = requestLines(output, requestId, "POST /api/chat -> 200");
        assertThat(lines).as("the lines of this request").anySatisfy(line ->
                assertThat(line).contains("answered mode=audit")).anySatisfy(line ->
                assertThat(line).contains("POST /api/chat -> 200"));
        assertThat(output.getAll().lines().filter(line -> line.contains("examples.committee.")
                && (line.contains("answered mode=") || line.contains(" /api/chat -> "))))
                .as("every request's lines").isNotEmpty()
                .allSatisfy(line -> assertThat(line).containsPattern("requestId=[0-9a-f-]{36}"));
        assertThat(output.getAll()).contains("requestId=" + requestId).doesNotContain(TOKEN, "Bearer");
    }

    @Test
    void anInvalidRequestIsRefusedWithEveryProblemByPointerAndNothingIsStored() throws Exception {
        long before = ((JdbcAuditSink) auditSink).count();

        HttpResponse<String> response = post(http, port, TOKEN,
                "{\"source\": \"fax\", \"mode\": \"ask\", \"user\": {\"id\": \"u1\"}, \"context\": {}}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        Map<String, Object> error = object(JSON.parseObject(response.body()).get("error"));
        assertThat(error.get("code")).isEqualTo("invalid_request");
        assertThat(((List<?>) error.get("problems")).stream().map(problem -> object(problem).get("pointer")))
                .contains("/source", "/user/name", "/message");
        assertThat(((JdbcAuditSink) auditSink).count()).isEqualTo(before);
    }

    @Test
    void aBodyThatIsNotStrictJsonIsABadRequest() throws Exception {
        HttpResponse<String> response = post(http, port, TOKEN, "{\"mode\": \"ask\", \"mode\": \"deep\"}");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(object(JSON.parseObject(response.body()).get("error")).get("code")).isEqualTo("json_duplicate_key");
    }

    @Test
    void withoutTheTokenOrWithAWrongOneTheRequestIsUnauthorised(CapturedOutput output) throws Exception {
        long before = ((JdbcAuditSink) auditSink).count();

        HttpResponse<String> none = post(http, port, null, sampleRequest("shipping-plan"));
        HttpResponse<String> wrong = post(http, port, "wrong-" + TOKEN, sampleRequest("shipping-plan"));

        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertThat(object(JSON.parseObject(wrong.body()).get("error")).get("code")).isEqualTo("unauthorized");
        assertThat(wrong.body()).doesNotContain(TOKEN);
        assertThat(((JdbcAuditSink) auditSink).count()).isEqualTo(before);
        assertThat(output.getAll()).contains("refused: a wrong bearer token").doesNotContain(TOKEN);
    }

    @Test
    void aRequestWithoutARecordingIsUnprocessableInReplayMode() throws Exception {
        HttpResponse<String> response = post(http, port, TOKEN, JSON.write(Map.of("source", "http", "mode", "ask",
                "user", Map.of("id", "u1", "name", "Ana"), "context", Map.of(), "message", "What is the weather?")));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(422);
        assertThat(object(JSON.parseObject(response.body()).get("error")).get("code"))
                .isEqualTo(NoRecordingException.CODE);
    }

    @Test
    void healthNeedsNoTokenAndSaysOnlyUp() throws Exception {
        post(http, port, TOKEN, sampleRequest("shipping-plan"));

        HttpResponse<String> health = http.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/health")).GET().build(), HttpResponse.BodyHandlers.ofString());

        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).as("nothing about the traffic").isEqualTo("{\"status\":\"UP\"}");
    }

    @Test
    void aBodyThatIsNotUtf8IsABadRequestAndNothingIsStored() throws Exception {
        long before = ((JdbcAuditSink) auditSink).count();
        byte[] sample = sampleRequest("shipping-plan").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        // The message's first letter becomes a lone continuation byte: a lenient decoder would make it U+FFFD.
        int at = new String(sample, java.nio.charset.StandardCharsets.UTF_8).indexOf("\"message\"") + 12;
        sample[at] = (byte) 0x80;

        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/chat")).header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofByteArray(sample))
                .build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(object(JSON.parseObject(response.body()).get("error")).get("code"))
                .isEqualTo(ChatController.INVALID_UTF8);
        assertThat(((JdbcAuditSink) auditSink).count()).isEqualTo(before);
    }
}

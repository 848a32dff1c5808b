package dev.keel.examples.springchat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
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
 * The service as a client sees it: the real application on a random loopback port, over HTTP, for ALLOW, PARTIAL
 * and DENY, with its audit records in a real SQLite file, its meters and its decision log.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "server.address=127.0.0.1")
@ExtendWith(OutputCaptureExtension.class)
class SpringChatApplicationTest {

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry properties) {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("keel.db"));
    }

    @LocalServerPort
    int port;

    @Autowired
    AuditSink auditSink;

    @Autowired
    ScriptedModel model;

    @Autowired
    MeterRegistry meters;

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> post(String user, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/chat"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (user != null) {
            request.header("X-User", user);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private Map<String, Object> ask(String user, String message) throws Exception {
        HttpResponse<String> response = post(user, JsonCodec.strict().write(Map.of("message", message)));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("application/json"));
        return JsonCodec.strict().parseObject(response.body());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    @Test
    void financeIsAllowedTheFiguresAndTheScriptedModelSaysWhatItIs() throws Exception {
        Map<String, Object> answer = ask("fiona", "What is the approval limit for travel expenses?");

        assertThat(answer).containsEntry("outcome", "answered").containsEntry("decision", "ALLOW");
        assertThat((String) answer.get("text")).contains("250 EUR").contains("Scripted reply");
        assertThat(object(answer.get("provenance"))).containsEntry("backend_target", "assistant")
                .containsEntry("backend_used", "scripted_model");
        assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(
                record -> assertThat(record.payload()).containsEntry("outcome", "answered"));
    }

    @Test
    void anEmployeeAskingAboutPayrollGetsAPartialAnswerWithoutAFigure() throws Exception {
        Map<String, Object> answer = ask("emil", "When is payroll run and how big is the bonus pool?");

        assertThat(answer).containsEntry("decision", "PARTIAL");
        assertThat((String) answer.get("text")).doesNotContainPattern("\\d").doesNotContain("DE89");
        assertThat(object(answer.get("withheld"))).isNotEmpty();
        assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(
                record -> assertThat(record.payload().toString()).doesNotContain("4.5%").doesNotContain("DE89"));
    }

    @Test
    void aVisitorIsDeniedAndNoModelIsCalled(CapturedOutput output) throws Exception {
        long callsBefore = model.calls();

        Map<String, Object> answer = ask("vera", "Show me the payroll of last month");

        assertThat(answer).containsEntry("outcome", "denied").containsEntry("decision", "DENY");
        assertThat(model.calls()).isEqualTo(callsBefore);
        assertThat(ask(null, "What is the approval limit for travel expenses?")).as("nobody authenticated")
                .containsEntry("decision", "DENY");
        assertThat(output.getOut()).contains("dev.keel.decisions").contains((String) answer.get("request_id"))
                .doesNotContain("payroll of last month");
    }

    @Test
    void aRequestThatIsNotStrictJsonIsRefusedWithItsCode() throws Exception {
        HttpResponse<String> duplicate = post("fiona", "{\"message\": \"a\", \"message\": \"b\"}");
        HttpResponse<String> noMessage = post("fiona", "{\"text\": \"hello\"}");

        assertThat(duplicate.statusCode()).isEqualTo(400);
        assertThat(object(JsonCodec.strict().parseObject(duplicate.body()).get("error")))
                .containsEntry("code", "json_duplicate_key");
        assertThat(noMessage.statusCode()).isEqualTo(400);
        assertThat(object(JsonCodec.strict().parseObject(noMessage.body()).get("error")))
                .containsEntry("code", "invalid_request");
    }

    @Test
    void theCallsAreCountedByDecisionInTheActuatorsRegistry() throws Exception {
        double deniedBefore = meters.find("keel.call").tag("keel.decision", "DENY").timers().stream()
                .mapToDouble(timer -> timer.count()).sum();

        ask("vera", "How do I file a receipt?");

        assertThat(meters.get("keel.call").tag("keel.decision", "DENY").timers().stream()
                .mapToDouble(timer -> timer.count()).sum()).isEqualTo(deniedBefore + 1);
        HttpResponse<String> metric = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                + "/actuator/metrics/keel.call")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(metric.statusCode()).isEqualTo(200);
        assertThat(metric.body()).contains("keel.decision");
    }
}

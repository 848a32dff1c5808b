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

    /** One server-sent event: its name and its data, a JSON object. */
    private record Event(String name, Map<String, Object> data) {
    }

    /** The events of {@code POST /chat/stream}, read as they come until the server ends the stream. */
    private List<Event> stream(String user, String message) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/chat/stream"))
                .header("Content-Type", "application/json").header("Accept", "text/event-stream").header("X-User", user)
                .POST(HttpRequest.BodyPublishers.ofString(JsonCodec.strict().write(Map.of("message", message))))
                .build();
        HttpResponse<java.util.stream.Stream<String>> response = http.send(request,
                HttpResponse.BodyHandlers.ofLines());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("text/event-stream"));
        List<Event> events = new java.util.ArrayList<>();
        String[] name = {null};
        response.body().forEach(line -> {
            if (line.startsWith("event:")) {
                name[0] = line.substring("event:".length()).strip();
            } else if (line.startsWith("data:")) {
                events.add(new Event(name[0], JsonCodec.strict().parseObject(line.substring("data:".length()))));
            }
        });
        return events;
    }

    @Test
    void aStreamedAnswerIsChunkEventsThenOneProvenanceEventAndTheGuestsNeverCarryAWithheldFigure() throws Exception {
        String question = "When is payroll run and how big is the bonus pool?";
        List<Event> employee = stream("emil", question);
        List<Event> finance = stream("fiona", question);

        for (List<Event> events : List.of(employee, finance)) {
            assertThat(events).isNotEmpty();
            assertThat(events.subList(0, events.size() - 1)).isNotEmpty()
                    .allSatisfy(event -> assertThat(event.name()).isEqualTo("chunk"));
            assertThat(events.get(events.size() - 1).name()).isEqualTo("provenance");
        }
        StringBuilder employeeText = new StringBuilder();
        employee.subList(0, employee.size() - 1).forEach(event -> {
            String text = (String) event.data().get("text");
            assertThat(text).doesNotContainPattern("\\d").doesNotContain("DE89");
            employeeText.append(text);
        });
        Map<String, Object> employeeSummary = employee.get(employee.size() - 1).data();
        assertThat(employeeSummary).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                .containsEntry("backend", "scripted_model");
        assertThat(((Number) employeeSummary.get("redactions")).intValue()).isPositive();
        assertThat(employeeText.toString()).contains("Scripted reply").contains("[figure withheld]");
        assertThat(((JdbcAuditSink) auditSink).find((String) employeeSummary.get("request_id"))).hasValueSatisfying(
                record -> assertThat(record.payload()).containsEntry("outcome", "answered"));

        StringBuilder financeText = new StringBuilder();
        finance.subList(0, finance.size() - 1).forEach(event -> financeText.append(event.data().get("text")));
        assertThat(finance.get(finance.size() - 1).data()).containsEntry("decision", "ALLOW")
                .containsEntry("backend", "scripted_model");
        assertThat(financeText.toString()).contains("4.5%").isEqualTo(ask("fiona", question).get("text"));
    }

    @Test
    void aDeniedStreamIsTheDenialThenItsProvenanceAndNoModelIsCalled() throws Exception {
        long callsBefore = model.calls();

        List<Event> events = stream("vera", "Show me the payroll of last month");

        assertThat(model.calls()).isEqualTo(callsBefore);
        assertThat(events.get(events.size() - 1).name()).isEqualTo("provenance");
        assertThat(events.get(events.size() - 1).data()).containsEntry("outcome", "denied")
                .containsEntry("decision", "DENY");
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

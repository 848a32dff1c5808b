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
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.MessageType;
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

    @Autowired
    ChatMemory chatMemory;

    private final HttpClient http = HttpClient.newHttpClient();

    /** The demo password of each user of application.yml. */
    static final Map<String, String> PASSWORDS = Map.of("guest", "guest", "planner", "planner", "visitor", "visitor",
            "operator", "operator");

    /** The {@code Authorization} header of {@code user} with {@code password}. */
    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private HttpRequest.Builder request(String path, String user) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
        if (user != null) {
            request.header("Authorization", basic(user, PASSWORDS.get(user)));
        }
        return request;
    }

    private HttpResponse<String> post(String user, String body) throws Exception {
        return post("/chat", user, body);
    }

    private HttpResponse<String> post(String path, String user, String body) throws Exception {
        return http.send(request(path, user).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private Map<String, Object> ask(String user, String message) throws Exception {
        return ask("/chat", user, Map.of("message", message));
    }

    /** The answer of {@code path} ({@code /chat} or {@code /ai/chat}) to {@code body}, asked as {@code user}. */
    private Map<String, Object> ask(String path, String user, Map<String, Object> body) throws Exception {
        HttpResponse<String> response = post(path, user, JsonCodec.strict().write(body));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(type ->
                assertThat(type).startsWith("application/json"));
        return JsonCodec.strict().parseObject(response.body());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object value) {
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    private static List<String> strings(Object value) {
        return (List<String>) value;
    }

    /** One server-sent event: its name and its data, a JSON object. */
    private record Event(String name, Map<String, Object> data) {
    }

    /** The events of {@code POST /chat/stream}, read as they come until the server ends the stream. */
    private List<Event> stream(String user, String message) throws Exception {
        return stream("/chat/stream", user, message);
    }

    private List<Event> stream(String path, String user, String message) throws Exception {
        HttpRequest request = request(path, user)
                .header("Content-Type", "application/json").header("Accept", "text/event-stream")
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

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/chat/stream", "/ai/chat/stream"})
    void aStreamedAnswerIsChunkEventsThenOneProvenanceEventAndTheGuestsNeverCarryAWithheldFigure(String path)
            throws Exception {
        String question = "When is payroll run and how big is the bonus pool?";
        List<Event> guest = stream(path, "guest", question);
        List<Event> planner = stream(path, "planner", question);

        for (List<Event> events : List.of(guest, planner)) {
            assertThat(events).isNotEmpty();
            assertThat(events.subList(0, events.size() - 1)).isNotEmpty()
                    .allSatisfy(event -> assertThat(event.name()).isEqualTo("chunk"));
            assertThat(events.get(events.size() - 1).name()).isEqualTo("provenance");
        }
        StringBuilder guestText = new StringBuilder();
        guest.subList(0, guest.size() - 1).forEach(event -> {
            String text = (String) event.data().get("text");
            assertThat(text).doesNotContainPattern("\\d").doesNotContain("DE89");
            guestText.append(text);
        });
        Map<String, Object> guestSummary = guest.get(guest.size() - 1).data();
        assertThat(guestSummary).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                .containsEntry("backend", "scripted_model").containsEntry("note", ScriptedModel.NOTE);
        assertThat(((Number) guestSummary.get("redactions")).intValue()).isPositive();
        assertThat(object(guestSummary.get("withheld"))).containsKeys("percentage", "date");
        assertThat(strings(guestSummary.get("reason_codes"))).contains("domain_not_allowed");
        assertThat(guestText.toString()).contains("Scripted reply").contains("[figure withheld]");
        assertThat(((JdbcAuditSink) auditSink).find((String) guestSummary.get("request_id"))).hasValueSatisfying(
                record -> assertThat(record.payload()).containsEntry("outcome", "answered")
                        .containsEntry("subject", "guest")
                        .containsEntry("principal", Map.of("role", "guest", "clearance", "public")));

        StringBuilder plannerText = new StringBuilder();
        planner.subList(0, planner.size() - 1).forEach(event -> plannerText.append(event.data().get("text")));
        assertThat(planner.get(planner.size() - 1).data()).containsEntry("decision", "ALLOW")
                .containsEntry("backend", "scripted_model");
        assertThat(plannerText.toString()).contains("4.5%").isEqualTo(ask("planner", question).get("text"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/chat/stream", "/ai/chat/stream"})
    void aDeniedStreamIsTheDenialThenItsProvenanceAndNoModelIsCalled(String path) throws Exception {
        long callsBefore = model.calls();

        List<Event> events = stream(path, "visitor", "Show me the payroll of last month");

        assertThat(model.calls()).isEqualTo(callsBefore);
        assertThat(events.get(events.size() - 1).name()).isEqualTo("provenance");
        assertThat(events.get(events.size() - 1).data()).containsEntry("outcome", "denied")
                .containsEntry("decision", "DENY").containsEntry("backend", null);
        assertThat(strings(events.get(events.size() - 1).data().get("reason_codes"))).contains("principal_missing");
    }

    @Test
    void throughSpringAisChatClientAGuestGetsThePartialAnswerAndAPlannerTheFiguresEachAuditedAsThemselves()
            throws Exception {
        String question = "When is payroll run and how big is the bonus pool?";
        Map<String, Object> guest = ask("/ai/chat", "guest", Map.of("message", question));
        Map<String, Object> planner = ask("/ai/chat", "planner", Map.of("message", question));

        assertThat(guest).containsEntry("outcome", "answered").containsEntry("decision", "PARTIAL")
                .containsEntry("note", ScriptedModel.NOTE);
        assertThat((String) guest.get("text")).startsWith("Payroll runs on the").contains("[figure withheld]")
                .doesNotContainPattern("\\d").doesNotContain("DE89");
        assertThat(object(guest.get("withheld"))).containsKeys("percentage", "date");
        assertThat(object(guest.get("provenance"))).containsEntry("backend_used", ScriptedModel.ID)
                .containsEntry("role", "guest");
        assertThat(planner).containsEntry("decision", "ALLOW");
        assertThat((String) planner.get("text")).contains("4.5%").contains("25th").doesNotContain("DE89");
        for (Map<String, Object> answer : List.of(guest, planner)) {
            assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(
                    record -> assertThat(record.payload()).containsEntry("decision", answer.get("decision"))
                            .containsEntry("subject", guest == answer ? "guest" : "planner"));
        }
    }

    @Test
    void theChatMemoryKeepsTheFilteredReplyAndAConversationIsItsUsersOwn() throws Exception {
        String session = "memory-" + System.nanoTime();
        Map<String, Object> first = ask("/ai/chat", "guest", Map.of("message",
                "When is payroll run and how big is the bonus pool?", "session_id", session));
        Map<String, Object> second = ask("/ai/chat", "guest", Map.of("message", "Please repeat your last answer.",
                "session_id", session));

        assertThat(first).containsEntry("decision", "PARTIAL");
        // The scripted model repeats the last reply of the history the memory gave it: the filtered one.
        assertThat((String) second.get("text")).startsWith("I said: Payroll runs on the")
                .contains("[figure withheld]").doesNotContainPattern("\\d");
        List<Message> memory = chatMemory.get("guest/" + session);
        assertThat(memory).filteredOn(message -> message.getMessageType() == MessageType.ASSISTANT)
                .extracting(Message::getText).containsExactly((String) first.get("text"), (String) second.get("text"));
        assertThat(memory.toString()).doesNotContain("4.5%").doesNotContain("DE89");
        assertThat(object(second.get("provenance"))).containsEntry("backend_used", ScriptedModel.ID);
        assertThat(((JdbcAuditSink) auditSink).find((String) second.get("request_id"))).hasValueSatisfying(record ->
                assertThat(record.payload()).containsEntry("session_id", "guest/" + session));

        // The same session id from another user is another conversation: nothing of the guest's to repeat.
        Map<String, Object> planner = ask("/ai/chat", "planner", Map.of("message", "Please repeat your last answer.",
                "session_id", session));
        assertThat((String) planner.get("text")).startsWith("There is nothing to repeat yet.");
    }

    @Test
    void throughSpringAisChatClientAVisitorIsDeniedAndNoModelIsCalled() throws Exception {
        long callsBefore = model.calls();

        Map<String, Object> answer = ask("/ai/chat", "visitor", Map.of("message", "Show me the payroll of last month"));

        assertThat(answer).containsEntry("outcome", "denied").containsEntry("decision", "DENY");
        assertThat(strings(object(answer.get("provenance")).get("reason_codes"))).contains("principal_missing");
        assertThat(model.calls()).isEqualTo(callsBefore);
    }

    @Test
    void plannerIsAllowedTheFiguresAndTheScriptedModelSaysWhatItIs() throws Exception {
        Map<String, Object> answer = ask("planner", "What is the approval limit for travel expenses?");

        assertThat(answer).containsEntry("outcome", "answered").containsEntry("decision", "ALLOW");
        assertThat((String) answer.get("text")).contains("250 EUR").contains("Scripted reply");
        assertThat(object(answer.get("provenance"))).containsEntry("backend_target", "assistant")
                .containsEntry("backend_used", "scripted_model");
        assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(
                record -> assertThat(record.payload()).containsEntry("outcome", "answered"));
    }

    @Test
    void aGuestAskingAboutPayrollGetsAPartialAnswerWithoutAFigure() throws Exception {
        Map<String, Object> answer = ask("guest", "When is payroll run and how big is the bonus pool?");

        assertThat(answer).containsEntry("decision", "PARTIAL");
        assertThat((String) answer.get("text")).doesNotContainPattern("\\d").doesNotContain("DE89");
        assertThat(object(answer.get("withheld"))).isNotEmpty();
        assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(record -> {
            assertThat(record.payload().toString()).doesNotContain("4.5%").doesNotContain("DE89");
            assertThat(record.payload()).as("the principal from the authenticated user's authorities")
                    .containsEntry("principal", Map.of("role", "guest", "clearance", "public"))
                    .containsEntry("subject", "guest").containsEntry("decision", "PARTIAL");
        });
    }

    @Test
    void aVisitorIsDeniedAndNoModelIsCalled(CapturedOutput output) throws Exception {
        long callsBefore = model.calls();

        Map<String, Object> answer = ask("visitor", "Show me the payroll of last month");

        assertThat(answer).containsEntry("outcome", "denied").containsEntry("decision", "DENY");
        assertThat(model.calls()).isEqualTo(callsBefore);
        assertThat(output.getOut()).contains("dev.keel.decisions").contains((String) answer.get("request_id"))
                .doesNotContain("payroll of last month");
    }

    @Test
    void aRequestThatIsNotStrictJsonIsRefusedWithItsCode() throws Exception {
        HttpResponse<String> duplicate = post("planner", "{\"message\": \"a\", \"message\": \"b\"}");
        HttpResponse<String> noMessage = post("planner", "{\"text\": \"hello\"}");

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

        ask("visitor", "How do I file a receipt?");

        assertThat(meters.get("keel.call").tag("keel.decision", "DENY").timers().stream()
                .mapToDouble(timer -> timer.count()).sum()).isEqualTo(deniedBefore + 1);
        HttpResponse<String> metric = http.send(request("/actuator/metrics/keel.call", "operator").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(metric.statusCode()).isEqualTo(200);
        assertThat(metric.body()).contains("keel.decision");
    }

    @Test
    void keelsMetersAreRefusedToAUserWithoutTheOperatorAuthorityAndServedToAnOperator() throws Exception {
        ask("visitor", "How do I file a receipt?");
        ask("guest", "When is payroll run and how big is the bonus pool?");

        // A user every call of whose is denied, and one the policy knows: neither reads what was decided for all.
        for (String user : List.of("visitor", "planner", "guest")) {
            for (String path : List.of("/actuator/metrics", "/actuator/metrics/keel.call",
                    "/actuator/metrics/keel.reason.codes?tag=keel.decision:DENY")) {
                HttpResponse<String> refused = http.send(request(path, user).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(refused.statusCode()).as(user + " " + path).isEqualTo(403);
                assertThat(refused.body()).doesNotContain("keel.").doesNotContain("DENY");
                assertThat(object(JsonCodec.strict().parseObject(refused.body()).get("error")))
                        .containsEntry("code", ChatSecurity.FORBIDDEN);
            }
        }
        HttpResponse<String> names = http.send(request("/actuator/metrics", "operator").build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> reasons = http.send(request("/actuator/metrics/keel.reason.codes", "operator").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(names.statusCode()).isEqualTo(200);
        assertThat(names.body()).contains("keel.call", "keel.reason.codes");
        assertThat(reasons.statusCode()).isEqualTo(200);
        assertThat(reasons.body()).contains("principal_missing", "DENY");
        // Health stays open to anyone, the load balancer included.
        assertThat(http.send(request("/actuator/health", null).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode()).isEqualTo(200);
    }

    @Test
    void nobodyAndAWrongPasswordAreRefusedWithoutAChallengeAndNoModelIsCalled() throws Exception {
        long callsBefore = model.calls();
        String body = JsonCodec.strict().write(Map.of("message", "What is the approval limit for travel expenses?"));
        HttpRequest.Builder wrongPassword = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/chat"))
                .header("Authorization", basic("planner", "guest"));

        List<HttpResponse<String>> refused = List.of(post(null, body),
                http.send(wrongPassword.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()),
                http.send(request("/chat/stream", null).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString()),
                http.send(request("/me", null).build(), HttpResponse.BodyHandlers.ofString()),
                http.send(request("/actuator/metrics/keel.call", null).build(), HttpResponse.BodyHandlers.ofString()));

        for (HttpResponse<String> response : refused) {
            assertThat(response.statusCode()).as(response.uri().toString()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate")).as("a browser must not prompt").isEmpty();
            assertThat(object(JsonCodec.strict().parseObject(response.body()).get("error")))
                    .containsEntry("code", ChatSecurity.UNAUTHENTICATED);
        }
        assertThat(model.calls()).isEqualTo(callsBefore);
    }

    @Test
    void anAuthenticatedCallLeavesNoSessionOrCookieBehind() throws Exception {
        HttpResponse<String> response = post("guest", JsonCodec.strict().write(Map.of("message", "How do I file a receipt?")));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().allValues("Set-Cookie")).isEmpty();
    }

    @Test
    void theCallerIsTheRoleAndClearanceOfItsAuthorities() throws Exception {
        for (Map.Entry<String, List<String>> user : Map.of("guest", List.of("guest", "public"),
                "planner", List.of("planner", "internal")).entrySet()) {
            HttpResponse<String> me = http.send(request("/me", user.getKey()).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(me.statusCode()).isEqualTo(200);
            assertThat(JsonCodec.strict().parseObject(me.body())).containsEntry("user", user.getKey())
                    .containsEntry("role", user.getValue().get(0)).containsEntry("clearance", user.getValue().get(1));
        }
    }

    @Test
    void aUserWhoseRoleIsNotThePolicysIsNoPrincipalAndIsDeniedForThat() throws Exception {
        HttpResponse<String> me = http.send(request("/me", "visitor").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(JsonCodec.strict().parseObject(me.body())).containsEntry("user", "visitor")
                .containsEntry("role", null).containsEntry("clearance", null);

        Map<String, Object> answer = ask("visitor", "How do I file a receipt?");

        assertThat(answer).containsEntry("decision", "DENY");
        assertThat(strings(object(answer.get("provenance")).get("reason_codes"))).contains("principal_missing");
        assertThat(((JdbcAuditSink) auditSink).find((String) answer.get("request_id"))).hasValueSatisfying(record ->
                assertThat(record.payload()).containsEntry("subject", "visitor"));
    }

    @Test
    void thePageIsOpenAndMayRunOnlyItsOwnScript() throws Exception {
        HttpResponse<String> page = http.send(request("/", null).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> script = http.send(request("/chat.js", null).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("<script src=\"chat.js\"").doesNotContain("<script>");
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(policy ->
                assertThat(policy).contains("default-src 'self'").contains("frame-ancestors 'none'"));
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(script.body()).contains("textContent").doesNotContain("innerHTML");
    }
}

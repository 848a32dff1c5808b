package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditRecord;
import dev.keel.core.spi.AuditSink;
import dev.keel.examples.committee.MisbehavingModels.Case;
import dev.keel.pipeline.committee.CommitteeReasoning;
import dev.keel.store.jdbc.JdbcAuditSink;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
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
 * The service on models that break their contract, through {@code POST /api/chat} as a client calls it: the real
 * application on loopback, configured with {@code --config} as a user configures it, its provider a real server on
 * loopback where one call of the committee (the master's plan, each agent, the scores, the synthesis) answers with
 * each {@link dev.keel.test.core.Misbehaviour}, once or on every attempt. Every case is answered with HTTP 200 and a
 * governed outcome whose telemetry says what happened to that call; no exception reaches the client or the log, and
 * the call's audit record is stored. The seed is in each case's name and failure message
 * ({@code -Dkeel.test.seed=N} replays it).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "server.address=127.0.0.1", "KEEL_COMMITTEE_TOKEN=" + MisbehavingModelsHttpTest.TOKEN})
@ExtendWith(OutputCaptureExtension.class)
class MisbehavingModelsHttpTest {

    static final String TOKEN = "t0ken-0f-the-robustness-test-77d1";
    private static final JsonCodec JSON = JsonCodec.strict();
    private static final long SEED = Long.getLong("keel.test.seed", 20_261_124L);
    private static final MisbehavingModels MODELS = MisbehavingModels.start();

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void service(DynamicPropertyRegistry properties) throws Exception {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("committee.db"));
        Path config = MODELS.configFile(data);
        properties.add("keel.committee.config", () -> "file:" + config);
        MisbehavingModels.variables().forEach((name, value) -> properties.add(name, () -> value));
    }

    @AfterAll
    static void stop() {
        MODELS.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    AuditSink auditSink;

    private final HttpClient http = HttpClient.newHttpClient();

    @TestFactory
    Stream<DynamicTest> everyCallOfTheCommitteeIsGovernedWhateverItsModelAnswers(CapturedOutput output) {
        return MisbehavingModels.cases(SEED).map(c -> DynamicTest.dynamicTest(c.toString(),
                () -> play(c, output)));
    }

    private void play(Case c, CapturedOutput output) throws Exception {
        MODELS.play(c);
        int logFrom = output.getAll().length();
        HttpResponse<String> response = CommitteeServiceHttpTest.post(http, port, TOKEN,
                JSON.write(MisbehavingModels.request()));

        assertThat(response.statusCode()).as(c + ": " + response.body()).isEqualTo(200);
        String log = output.getAll().substring(logFrom);
        assertThat(response.body() + log).as(c.toString()).doesNotContain("Exception", "\tat ");
        Map<String, Object> body = JSON.parseObject(response.body());
        Map<String, Object> meta = CommitteeServiceHttpTest.object(body.get("meta"));
        Map<String, Object> provenance = CommitteeServiceHttpTest.object(meta.get("provenance"));
        assertThat(provenance).as(c.toString()).containsEntry("decision", "ALLOW");
        assertThat((List<?>) provenance.get("reason_codes")).as(c.toString()).isNotEmpty();
        Map<String, Object> appendix = CommitteeServiceHttpTest.object(body.get("audit"));
        MisbehavingModels.assertGoverned(c, (String) body.get("reply"), meta, appendix);

        String requestId = response.headers().firstValue(RequestIdFilter.HEADER).orElseThrow();
        AuditRecord stored = ((JdbcAuditSink) auditSink).find(requestId).orElseThrow();
        Map<String, Object> record = CommitteeServiceHttpTest.object(CommitteeServiceHttpTest.object(
                stored.payload().get("details")).get(CommitteeReasoning.AUDIT_DETAIL));
        assertThat(record.get("invariantViolations")).as(c.toString()).isEqualTo(List.of());
        assertThat(CommitteeServiceHttpTest.object(record.get("audit")).get("outcome")).as(c.toString())
                .isEqualTo(appendix.get("outcome"));
    }
}

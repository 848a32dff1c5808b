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
import dev.keel.store.jdbc.PostgresServer;
import dev.keel.store.jdbc.PostgresServerExtension;
import dev.keel.store.jdbc.StoreDialect;
import java.math.BigDecimal;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.Banner;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The service with its store on PostgreSQL (a real server, as in the store tests): every shipped sample over HTTP,
 * each stored as one audit record and read back from the database; started with the service's short options.
 */
@ExtendWith(PostgresServerExtension.class)
class PostgresStoreTest {

    private static final String TOKEN = "t0ken-0f-the-postgres-test-71a2";

    @Test
    void everySampleIsStoredInPostgresqlAndKeepsTheInvariants(PostgresServer server) throws Exception {
        String schemaUrl = server.freshSchema();
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(CommitteeApplication.class)
                .bannerMode(Banner.Mode.OFF).run(ServiceArguments.toSpring("--port", "0", "--db", schemaUrl,
                        "--replay", "shipped", "--server.address=127.0.0.1", "--KEEL_COMMITTEE_TOKEN=" + TOKEN,
                        "--keel.store.username=" + server.username(), "--keel.store.password=" + server.password()))) {
            int port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
            JdbcAuditSink audit = (JdbcAuditSink) context.getBean(AuditSink.class);
            assertThat(context.getBean(JdbcStores.class).dialect()).isEqualTo(StoreDialect.POSTGRESQL);
            HttpClient http = HttpClient.newHttpClient();

            for (String sample : RecordedReplies.SAMPLES) {
                HttpResponse<String> response = CommitteeServiceHttpTest.post(http, port, TOKEN,
                        CommitteeServiceHttpTest.sampleRequest(sample));
                assertThat(response.statusCode()).as(sample + ": " + response.body()).isEqualTo(200);
                Map<String, Object> body = JsonCodec.strict().parseObject(response.body());
                assertThat(ReplyInvariants.check(body, new BigDecimal("0.70"))).as(sample).isEmpty();

                String requestId = response.headers().firstValue(RequestIdFilter.HEADER).orElseThrow();
                AuditRecord stored = audit.find(requestId).orElseThrow();
                assertThat(stored.kind()).isEqualTo(Pipeline.AUDIT_KIND);
                Map<String, Object> details = CommitteeServiceHttpTest.object(stored.payload().get("details"));
                assertThat(CommitteeServiceHttpTest.object(details.get("replay"))).containsEntry("recording", sample);
                Map<String, Object> committee = CommitteeServiceHttpTest.object(details.get(
                        CommitteeReasoning.AUDIT_DETAIL));
                assertThat(CommitteeServiceHttpTest.object(committee.get("response")).get("reply"))
                        .isEqualTo(body.get("reply"));
            }
            assertThat(audit.count()).isEqualTo(RecordedReplies.SAMPLES.size());
        }
        try (Connection connection = server.connect(schemaUrl); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("select count(*) from keel_audit_record")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(1)).as("rows in the PostgreSQL table").isEqualTo(RecordedReplies.SAMPLES.size());
        }
    }
}

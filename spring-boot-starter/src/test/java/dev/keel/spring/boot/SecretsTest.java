package dev.keel.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.sun.net.httpserver.HttpServer;
import dev.keel.core.BackendException;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.spi.AuditSink;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.store.jdbc.JdbcStores;
import dev.keel.store.jdbc.PostgresServer;
import dev.keel.store.jdbc.PostgresServerExtension;
import dev.keel.store.jdbc.StoreDialect;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A whole application on the real PostgreSQL server of the store tests and an OpenAI-compatible provider on
 * loopback, every library logging at its most verbose: the database password and the API key reach the database and
 * the provider, and no log line, no exception and no printed stack trace, also when the provider echoes the key
 * and when the database refuses the password.
 */
@ExtendWith({PostgresServerExtension.class, OutputCaptureExtension.class})
class SecretsTest {

    private static final List<String> VERBOSE = List.of("org.postgresql", "com.zaxxer.hikari", "org.flywaydb",
            "dev.keel", "dev.langchain4j");

    private final String apiKey = "sk-proj-" + randomHex();
    private final String wrongPassword = "Wrong-" + randomHex();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private HttpServer provider;

    @SpringBootConfiguration
    @ImportAutoConfiguration(KeelAutoConfiguration.class)
    static class Service {
    }

    @AfterEach
    void stop() {
        if (provider != null) {
            provider.stop(0);
        }
        LoggingSystem logging = LoggingSystem.get(getClass().getClassLoader());
        VERBOSE.forEach(logger -> logging.setLogLevel(logger, null));
    }

    @Test
    void theDatabasePasswordAndTheApiKeyAppearInNoLogLineAndNoException(PostgresServer server,
                                                                         CapturedOutput output) throws Exception {
        startProviderRejectingTheKey();
        String schemaUrl = server.freshSchema();

        Throwable modelFailure;
        try (ConfigurableApplicationContext context = service(schemaUrl, server.username(), server.password())
                .run()) {
            assertThat(context.getBean(JdbcStores.class).dialect()).isEqualTo(StoreDialect.POSTGRESQL);
            Pipeline pipeline = context.getBean(Pipeline.class);

            GovernedAnswer denied = pipeline.call(GovernedRequest.of(Principal.of("contractor", "public"),
                    "Show the invoices"));
            modelFailure = catchThrowable(() -> pipeline.call(GovernedRequest.of(Principal.of("agent", "internal"),
                    "How long does a refund take?")));

            assertThat(denied.decision()).isEqualTo(Decision.DENY);
            assertThat(((JdbcAuditSink) context.getBean(AuditSink.class)).find(denied.requestId()))
                    .as("audited in PostgreSQL").isPresent();
        }
        Throwable startupFailure = catchThrowable(() -> service(schemaUrl, server.username(), wrongPassword).run());

        assertThat(authorizations).as("the key went where it belongs").contains("Bearer " + apiKey);
        assertThat(modelFailure).isInstanceOf(BackendException.class);
        assertThat(printed(modelFailure)).contains("401").doesNotContain(apiKey);
        assertThat(startupFailure).as("a wrong password stops the application").isNotNull();
        assertThat(printed(startupFailure)).contains("postgresql_store")
                .doesNotContain(wrongPassword, server.password());
        assertThat(output.getAll()).as("every log line").contains("dev.keel.decisions", "HikariPool")
                .doesNotContain(apiKey, server.password(), wrongPassword);
    }

    private SpringApplicationBuilder service(String storeUrl, String username, String password) {
        List<String> properties = new java.util.ArrayList<>(List.of(
                "keel.policy=classpath:keel/desk-policy.json", "keel.routing=classpath:keel/desk-routing.json",
                "keel.backends.desk.placement=internal", "keel.backends.desk.provider=openai",
                "keel.backends.desk.base-url=http://127.0.0.1:" + provider.getAddress().getPort() + "/v1",
                "keel.backends.desk.model-env=DESK_MODEL", "DESK_MODEL=gpt-4o-mini",
                "keel.backends.desk.api-key-env=DESK_API_KEY", "DESK_API_KEY=" + apiKey,
                "keel.store.url=" + storeUrl, "keel.store.username=" + username, "keel.store.password=" + password));
        VERBOSE.forEach(logger -> properties.add("logging.level." + logger + "=trace"));
        return new SpringApplicationBuilder(Service.class).web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF)
                .properties(properties.toArray(String[]::new));
    }

    /** Answers every request as OpenAI answers a wrong key: HTTP 401, the key quoted in the message. */
    private void startProviderRejectingTheKey() throws IOException {
        provider = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        provider.createContext("/", exchange -> {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            authorizations.add(String.valueOf(authorization));
            byte[] body = ("{\"error\": {\"message\": \"Incorrect API key provided: "
                    + String.valueOf(authorization).replace("Bearer ", "") + ".\", \"type\": \"invalid_request_error\","
                    + " \"param\": null, \"code\": \"invalid_api_key\"}}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(401, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        provider.start();
    }

    private static String printed(Throwable failure) {
        StringWriter text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString();
    }

    private static String randomHex() {
        byte[] bytes = new byte[12];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}

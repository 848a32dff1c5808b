package dev.keel.examples.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.AuditSink;
import dev.keel.store.jdbc.JdbcAuditSink;
import dev.keel.test.core.LoopbackModelServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The service's door as an attacker meets it: the real application with its default bind address, on live models
 * whose provider is a real HTTP server on loopback, so that a request reaching the committee shows as calls to the
 * provider and as an audit record in the real SQLite file. Every spelling of {@code /api/chat} that is not the
 * canonical one, sent without the token, is refused (400 by the firewall or the container, 401 by deny-by-default,
 * never 2xx), and neither calls a model nor stores a record; with the token, the canonical path is answered. Bodies
 * over the limit are refused before they are read to the end; the service listens on loopback only; {@code /health}
 * says UP and nothing else.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "KEEL_COMMITTEE_TOKEN=" + ServiceDoorTest.TOKEN, "ANTHROPIC_API_KEY=" + ServiceDoorTest.PROVIDER_KEY,
        "KEEL_MASTER_MODEL=claude-haiku-4-5", "KEEL_SOLVER_MODEL=claude-haiku-4-5",
        "KEEL_CRITIC_MODEL=claude-haiku-4-5", "KEEL_VERIFIER_MODEL=claude-haiku-4-5",
        "KEEL_EDITOR_MODEL=claude-haiku-4-5", "KEEL_IMPLEMENTER_MODEL=claude-haiku-4-5",
        "KEEL_VISUAL_MODEL=claude-haiku-4-5"})
class ServiceDoorTest {

    static final String TOKEN = "t0ken-0f-the-door-test-c81e";
    static final String PROVIDER_KEY = "door-test-provider-key";
    private static final String CANONICAL = "/api/chat";
    private static final long LIMIT = 8L * 1024 * 1024;
    private static final Set<Integer> REFUSED = Set.of(400, 401, 404);

    private static final LoopbackModelServer PROVIDER = LoopbackModelServer.start()
            .requireHeader("x-api-key", PROVIDER_KEY).otherwise(GovernedLiveCommitteeTest::reply);

    @TempDir
    static Path data;

    @DynamicPropertySource
    static void liveModelsAndStore(DynamicPropertyRegistry properties) {
        properties.add("keel.store.url", () -> "jdbc:sqlite:" + data.resolve("door.db"));
        properties.add("keel.committee.config", () -> {
            Path config = data.resolve("llm.config.json");
            try {
                Files.writeString(config, GovernedLiveCommitteeTest.configJson(PROVIDER));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return "file:" + config;
        });
    }

    @AfterAll
    static void stopProvider() {
        PROVIDER.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    AuditSink auditSink;

    @Autowired
    ServletWebServerApplicationContext context;

    private static final byte[] SAMPLE = JsonCodec.strict().write(Map.of("source", "http", "mode", "audit",
            "user", Map.of("id", "u-7", "name", "Ines"), "context", Map.of(),
            "message", "How do I rotate the deploy key of our build job?")).getBytes(StandardCharsets.UTF_8);

    private long stored() {
        return ((JdbcAuditSink) auditSink).count();
    }

    private RawHttp.Response post(String target, Map<String, String> headers) throws IOException {
        Map<String, String> all = new java.util.LinkedHashMap<>(Map.of("Content-Type", "application/json"));
        all.putAll(headers);
        return RawHttp.exchange(port, "POST", target, all, SAMPLE);
    }

    /** Sends {@code target} without the token (or with a wrong one) and checks that nothing got in. */
    private void refusedAndNothingReached(String target, Map<String, String> headers, String context)
            throws IOException {
        int calls = PROVIDER.requests().size();
        long records = stored();

        RawHttp.Response response = post(target, headers);

        assertThat(response.status()).as("%s %s: %s", context, target, response.body()).isIn(REFUSED);
        assertThat(PROVIDER.requests()).as("%s %s: no model called", context, target).hasSize(calls);
        assertThat(stored()).as("%s %s: nothing stored", context, target).isEqualTo(records);
    }

    @Test
    void withTheTokenTheCanonicalPathReachesTheCommitteeWhichCallsTheModelsAndStoresTheRequest() throws IOException {
        int calls = PROVIDER.requests().size();
        long records = stored();

        RawHttp.Response response = post(CANONICAL, Map.of("Authorization", "Bearer " + TOKEN));

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(PROVIDER.requests().size()).as("the witness this test's refusals rely on").isGreaterThan(calls);
        assertThat(stored()).isEqualTo(records + 1);
    }

    @Test
    void withoutTheTokenOrWithAWrongOneTheCanonicalPathIsUnauthorised() throws IOException {
        for (Map<String, String> headers : List.of(Map.<String, String>of(), Map.of("Authorization", "Bearer wrong"),
                Map.of("Authorization", "Bearer " + TOKEN + "x"), Map.of("Authorization", "Basic " + TOKEN),
                Map.of("Authorization", TOKEN))) {
            refusedAndNothingReached(CANONICAL, headers, String.valueOf(headers.keySet()));
            RawHttp.Response response = post(CANONICAL, headers);
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.headers()).containsEntry("www-authenticate", "Bearer");
            assertThat(JsonCodec.strict().parseObject(response.body())).isEqualTo(Map.of("error", Map.of(
                    "code", ServiceSecurity.UNAUTHORIZED, "message", "a valid bearer token is required")));
        }
    }

    /** Every other spelling of the path: encodings, parameters, dot segments, slashes, case, backslashes. */
    static List<String> spellings() {
        Set<String> targets = new LinkedHashSet<>();
        for (int i = 0; i < CANONICAL.length(); i++) {
            for (String encoded : encodings(CANONICAL.charAt(i))) {
                targets.add(CANONICAL.substring(0, i) + encoded + CANONICAL.substring(i + 1));
            }
        }
        StringBuilder allEncoded = new StringBuilder();
        StringBuilder lettersEncoded = new StringBuilder();
        for (char c : CANONICAL.toCharArray()) {
            allEncoded.append(encodings(c).get(0));
            lettersEncoded.append(c == '/' ? "/" : encodings(c).get(1));
        }
        targets.add(allEncoded.toString());
        targets.add(lettersEncoded.toString());
        for (String parameter : List.of(";", ";x=1", ";jsessionid=0", "%3b", "%3B", "%3bx=1")) {
            targets.add("/" + parameter + "/api/chat");
            targets.add("/api" + parameter + "/chat");
            targets.add("/api/chat" + parameter);
            targets.add("/api" + parameter + "/chat" + parameter);
        }
        targets.addAll(List.of("/./api/chat", "/api/./chat", "/api/chat/.", "/api/chat/./", "/x/../api/chat",
                "/api/x/../chat", "/../api/chat", "/api/../api/chat", "/api/chat/..", "/%2e/api/chat",
                "/%2E/api/chat", "/x/%2e%2e/api/chat", "/x/%2E%2E/api/chat", "/x/.%2e/api/chat", "/api/%2e/chat",
                "/health/../api/chat", "/health/%2e%2e/api/chat", "/health;/../api/chat", "/health/..;/api/chat",
                "//api/chat", "/api//chat", "///api/chat", "/api/chat//", "/%2f/api/chat", "/api%2f%2fchat",
                "/API/chat", "/Api/Chat", "/api/CHAT", "/API/CHAT", "/aPi/cHaT", "/api/chat/", "/api/chat%20",
                "/api\\chat", "\\api\\chat", "/api%5cchat", "/api%5Cchat", "/%5capi/chat", "/api%2fchat",
                "/api%2Fchat", "%2fapi%2fchat", "/%2561pi/chat", "/api/chat%00", "/api%00/chat", "/api/chat%0a",
                "/api/chat.json", "/api/chat;.json", "/error", "/error/../api/chat", "/health/../../api/chat"));
        targets.remove(CANONICAL);
        return new ArrayList<>(targets);
    }

    /** {@code c} percent-encoded in upper and lower case hex (the same for a digit-only code). */
    private static List<String> encodings(char c) {
        return List.of(String.format("%%%02X", (int) c), String.format("%%%02x", (int) c));
    }

    @TestFactory
    Stream<DynamicTest> everyOtherSpellingOfThePathWithoutTheTokenIsRefusedAndReachesNothing() {
        return spellings().stream().map(target -> DynamicTest.dynamicTest(target,
                () -> refusedAndNothingReached(target, Map.of(), "listed")));
    }

    @TestFactory
    Stream<DynamicTest> generatedSpellingsWithoutTheTokenAreRefusedAndReachNothing() {
        long seed = Long.getLong("keel.test.seed", new Random().nextLong());
        Random random = new Random(seed);
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            String target = generated(random);
            if (target.equals(CANONICAL)) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(target, () -> refusedAndNothingReached(target,
                    random.nextBoolean() ? Map.of() : Map.of("Authorization", "Bearer not-the-token"),
                    "seed " + seed + " (-Dkeel.test.seed=" + seed + ")")));
        }
        return tests.stream();
    }

    /** The segments of the path, each letter as it is, upper case or encoded, with separators and parameters. */
    private static String generated(Random random) {
        List<String> separators = List.of("/", "/", "/", "//", "/./", "/x/../", "/%2e/", "\\", "%2f", "/;/");
        StringBuilder target = new StringBuilder();
        for (String segment : List.of("api", "chat")) {
            target.append(separators.get(random.nextInt(separators.size())));
            for (char c : segment.toCharArray()) {
                target.append(switch (random.nextInt(6)) {
                    case 0 -> encodings(c).get(0);
                    case 1 -> encodings(c).get(1);
                    case 2 -> String.valueOf(c).toUpperCase(Locale.ROOT);
                    default -> String.valueOf(c);
                });
            }
            if (random.nextInt(4) == 0) {
                target.append(random.nextBoolean() ? ";" : ";p=" + random.nextInt(10));
            }
        }
        if (random.nextInt(5) == 0) {
            target.append('/');
        }
        return target.toString();
    }

    @Test
    void aDeclaredBodyOverTheLimitIsRefusedBeforeAByteOfItIsSent() throws IOException {
        for (String authorization : List.of("Authorization: Bearer " + TOKEN + "\r\n", "")) {
            try (RawHttp http = RawHttp.connect(port)) {
                http.write("POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + authorization + "Content-Length: " + (100L * 1024 * 1024) + "\r\n\r\n");

                RawHttp.Response response = http.response();

                assertThat(response.status()).as(response.body()).isEqualTo(413);
                assertThat(JsonCodec.strict().parseObject(response.body()).get("error")).isEqualTo(Map.of(
                        "code", BodyLimitFilter.CODE, "message", BodyLimitFilter.message(LIMIT)));
            }
        }
    }

    @Test
    void aChunkedBodyIsRefusedOnTheFirstBytePastTheLimitWhileItIsStillBeingSent() throws IOException {
        long records = stored();
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) ' ');
        try (RawHttp http = RawHttp.connect(port)) {
            http.write("POST /api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Authorization: Bearer " + TOKEN + "\r\nTransfer-Encoding: chunked\r\n\r\n");
            for (long sent = 0; sent <= LIMIT; sent += chunk.length) {
                http.chunk(chunk);
            }
            // The body is never finished: a server that read it whole before deciding would never answer.

            RawHttp.Response response = http.response();

            assertThat(response.status()).as(response.body()).isEqualTo(413);
            assertThat(JsonCodec.strict().parseObject(response.body()).get("error")).isEqualTo(Map.of(
                    "code", BodyLimitFilter.CODE, "message", BodyLimitFilter.message(LIMIT)));
        }
        assertThat(stored()).isEqualTo(records);
    }

    @Test
    void theServiceListensOnLoopbackOnlyByDefault() throws IOException {
        Connector connector = ((TomcatWebServer) context.getWebServer()).getTomcat().getConnector();

        assertThat(connector.getProperty("address")).isEqualTo(InetAddress.getByName("127.0.0.1"));
        // Another loopback address reaches a socket bound to every interface, not one bound to 127.0.0.1.
        try (Socket other = new Socket()) {
            assertThatThrownBy(() -> other.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), port),
                    10_000)).isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void healthSaysUpAndNothingElse() throws IOException {
        try (RawHttp http = RawHttp.connect(port)) {
            http.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");

            RawHttp.Response response = http.response();

            assertThat(response.status()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("{\"status\":\"UP\"}");
        }
    }
}

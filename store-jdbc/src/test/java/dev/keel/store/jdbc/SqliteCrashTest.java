package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An audit record acknowledged to the caller survives {@code kill -9}: a child JVM appends records from several
 * threads and prints each request id once {@code append} has returned; the test kills it mid-stream, three times on
 * the same file, then finds every printed id in the database and the file whole ({@code PRAGMA integrity_check}).
 */
class SqliteCrashTest {

    private static final int ACKS_BEFORE_KILL = 150;

    @TempDir
    Path directory;

    @Test
    void everyAcknowledgedRecordSurvivesAKillOfTheWritingProcess() throws Exception {
        Path file = directory.resolve("keel.db");
        Set<String> acknowledged = new HashSet<>();
        for (int round = 1; round <= 3; round++) {
            Process writer = new ProcessBuilder(javaCommand(file, "round" + round))
                    .redirectError(directory.resolve("writer-" + round + ".log").toFile()).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(),
                    StandardCharsets.UTF_8))) {
                int seenThisRound = 0;
                String line;
                while (seenThisRound < ACKS_BEFORE_KILL && (line = out.readLine()) != null) {
                    if (line.startsWith(AuditWriterProcess.ACK)) {
                        acknowledged.add(line.substring(AuditWriterProcess.ACK.length()));
                        seenThisRound++;
                    }
                }
                assertThat(seenThisRound).as("acknowledged before the kill in round %d (see writer-%d.log)",
                        round, round).isEqualTo(ACKS_BEFORE_KILL);
                // SIGKILL: no shutdown hook, no close, no checkpoint. Through the handle, which (unlike
                // Process.destroyForcibly) leaves the pipe open, so that what was printed can still be read.
                writer.toHandle().destroyForcibly();
                assertThat(writer.waitFor(30, TimeUnit.SECONDS)).isTrue();
                // Acknowledgements printed before the kill and not read yet count as well.
                while ((line = out.readLine()) != null) {
                    if (line.startsWith(AuditWriterProcess.ACK)) {
                        acknowledged.add(line.substring(AuditWriterProcess.ACK.length()));
                    }
                }
            }
            assertThat(writer.exitValue()).as("killed, not finished").isEqualTo(128 + 9);
        }

        try (JdbcStores stores = JdbcStores.sqlite(file)) {
            JdbcAuditSink sink = stores.auditSink();
            assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(3 * ACKS_BEFORE_KILL)
                    .allSatisfy(id -> assertThat(sink.find(id)).as(id).isPresent());
            assertThat(sink.count()).isGreaterThanOrEqualTo(acknowledged.size());
        }
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet check = statement.executeQuery("PRAGMA integrity_check")) {
            check.next();
            assertThat(check.getString(1)).isEqualTo("ok");
        }
    }

    private static List<String> javaCommand(Path file, String prefix) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return List.of(java, "-cp", classPath, AuditWriterProcess.class.getName(), file.toString(), prefix);
    }
}

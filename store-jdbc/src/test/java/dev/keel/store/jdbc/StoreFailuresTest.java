package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.BackendException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreFailuresTest {

    @Test
    void connectionFailuresDeadlocksAndABusyFileMayBeRetriedAConstraintMayNot() {
        assertThat(retriable(new SQLException("refused", "08001"))).isTrue();
        assertThat(retriable(new SQLException("deadlock", "40P01"))).isTrue();
        assertThat(retriable(new SQLTransientConnectionException("pool timeout"))).isTrue();
        assertThat(retriable(new SQLException("[SQLITE_BUSY] database is locked", null, 5))).isTrue();
        assertThat(retriable(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(retriable(new SQLException("syntax", "42601"))).isFalse();
    }

    @Test
    void aSecretInAFailureIsRedactedFromTheMessageAndEveryCause() {
        SQLException failure = new SQLException("could not connect with password=hunter2",
                new IllegalStateException("hunter2 rejected"));

        BackendException mapped = StoreFailures.of("postgresql_store", "to connect", failure, List.of("hunter2"));

        StringWriter printed = new StringWriter();
        mapped.printStackTrace(new PrintWriter(printed));
        assertThat(printed.toString()).doesNotContain("hunter2").contains("[REDACTED]")
                .contains("java.sql.SQLException").contains("StoreFailuresTest");
        assertThat(mapped.backendId()).isEqualTo("postgresql_store");
        assertThat(mapped.getMessage()).startsWith("the postgresql_store failed to connect");
    }

    private static boolean retriable(SQLException failure) {
        return StoreFailures.of("sqlite_store", "to test", failure, List.of()).retriable();
    }
}

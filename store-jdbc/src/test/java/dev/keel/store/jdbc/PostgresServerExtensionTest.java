package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.opentest4j.TestAbortedException;

/** Without a PostgreSQL server the tests are skipped on a developer's machine and fail under {@code CI=true}. */
class PostgresServerExtensionTest {

    @Test
    void underCiAMissingServerFailsTheTest() {
        assertThat(PostgresServerExtension.noServer("true", "no initdb"))
                .isInstanceOf(ExtensionConfigurationException.class).hasMessageContaining("no initdb");
        assertThat(PostgresServerExtension.noServer("TRUE", "no initdb"))
                .isInstanceOf(ExtensionConfigurationException.class);
    }

    @Test
    void elsewhereAMissingServerSkipsTheTest() {
        assertThat(PostgresServerExtension.noServer(null, "no initdb"))
                .isInstanceOf(TestAbortedException.class).hasMessageContaining("no initdb");
        assertThat(PostgresServerExtension.noServer("false", "no initdb")).isInstanceOf(TestAbortedException.class);
    }
}

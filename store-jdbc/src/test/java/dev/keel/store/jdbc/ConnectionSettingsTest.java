package dev.keel.store.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConnectionSettingsTest {

    @Test
    void passwordsAreTakenOutOfTheUrl() {
        ConnectionSettings settings = ConnectionSettings.parse(
                "jdbc:postgresql://db:5432/keel?user=app&password=s3cret&sslmode=require&sslpassword=k3y", null, null);

        assertThat(settings.dialect()).isEqualTo(StoreDialect.POSTGRESQL);
        assertThat(settings.url()).isEqualTo("jdbc:postgresql://db:5432/keel?user=app&sslmode=require");
        assertThat(settings.password()).isEqualTo("s3cret");
        assertThat(settings.secretProperties()).isEqualTo(Map.of("sslpassword", "k3y"));
        assertThat(settings.secrets()).containsExactlyInAnyOrder("s3cret", "k3y");
        assertThat(settings.toString()).doesNotContain("s3cret", "k3y");
    }

    @Test
    void aPasswordInTheUrlIsReadUrlEncodedAsTheDriverReadsIt() {
        assertThat(ConnectionSettings.parse("jdbc:postgresql://db/keel?password=a%26b%25c", null, null).password())
                .isEqualTo("a&b%c");
    }

    @Test
    void anExplicitPasswordWinsOverOneInTheUrl() {
        ConnectionSettings settings = ConnectionSettings.parse("jdbc:postgresql://db/keel?password=old", "app", "new");

        assertThat(settings.url()).isEqualTo("jdbc:postgresql://db/keel");
        assertThat(settings.password()).isEqualTo("new");
    }

    @Test
    void credentialsBeforeTheHostAreRefusedWithoutQuotingThem() {
        assertThatThrownBy(() -> ConnectionSettings.parse("jdbc:postgresql://app:s3cret@db/keel", null, null))
                .isInstanceOf(ConfigurationException.class).hasMessageNotContaining("s3cret");
    }

    @Test
    void aSqliteUrlNamesItsFile() {
        assertThat(ConnectionSettings.parse("jdbc:sqlite:data/keel.db", null, null).sqliteFile())
                .isEqualTo("data/keel.db");
        assertThat(ConnectionSettings.parse("jdbc:sqlite::memory:", null, null).sqliteFile()).isNull();
    }
}

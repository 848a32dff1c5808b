package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The policy document is defined once: its JSON Schema validates it and {@link PolicySpec} binds it, so the two must
 * declare the same members. A field added to one and not the other fails here, before any document is read.
 */
class PolicyFormatTest {

    @Test
    void everySchemaMemberIsARecordComponentAndEveryComponentASchemaMember() {
        assertThat(PolicyFormat.mismatches()).isEmpty();
    }
}

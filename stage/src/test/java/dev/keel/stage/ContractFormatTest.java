package dev.keel.stage;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The stage contract is defined once: its JSON Schema validates it and {@link ContractSpec} binds it, so the two must
 * declare the same members. A member added to one and not the other fails here.
 */
class ContractFormatTest {

    @Test
    void everySchemaMemberIsARecordComponentAndEveryComponentASchemaMember() {
        assertThat(ContractJson.mismatches()).isEmpty();
    }
}

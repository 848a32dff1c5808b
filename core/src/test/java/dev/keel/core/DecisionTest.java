package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DecisionTest {

    @Test
    void ordersFromMostToLeastRestrictive() {
        assertThat(Decision.DENY.isAtMostAsPermissiveAs(Decision.PARTIAL)).isTrue();
        assertThat(Decision.PARTIAL.isAtMostAsPermissiveAs(Decision.ALLOW)).isTrue();
        assertThat(Decision.ALLOW.isAtMostAsPermissiveAs(Decision.PARTIAL)).isFalse();
        assertThat(Decision.ALLOW.mostRestrictive(Decision.PARTIAL)).isEqualTo(Decision.PARTIAL);
        assertThat(Decision.DENY.mostRestrictive(Decision.ALLOW)).isEqualTo(Decision.DENY);
    }

    @Test
    void parsesWireNames() {
        assertThat(Decision.parse(" allow ")).contains(Decision.ALLOW);
        assertThat(Decision.parse("PARTIAL")).contains(Decision.PARTIAL);
        assertThat(Decision.parse("maybe")).isEmpty();
        assertThat(Decision.parse(null)).isEmpty();
    }

    /** Every pair of decisions: there are only nine. */
    @Test
    void mostRestrictiveIsCommutativeAndNeverMorePermissive() {
        for (Decision a : Decision.values()) {
            for (Decision b : Decision.values()) {
                assertThat(a.mostRestrictive(b)).as("%s, %s", a, b).isEqualTo(b.mostRestrictive(a));
                assertThat(a.mostRestrictive(b).isAtMostAsPermissiveAs(a)).as("%s, %s", a, b).isTrue();
                assertThat(a.mostRestrictive(b).isAtMostAsPermissiveAs(b)).as("%s, %s", a, b).isTrue();
            }
        }
    }
}

package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
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

    @Property
    void mostRestrictiveIsCommutativeAndNeverMorePermissive(@ForAll Decision a, @ForAll Decision b) {
        assertThat(a.mostRestrictive(b)).isEqualTo(b.mostRestrictive(a));
        assertThat(a.mostRestrictive(b).isAtMostAsPermissiveAs(a)).isTrue();
        assertThat(a.mostRestrictive(b).isAtMostAsPermissiveAs(b)).isTrue();
    }
}

package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrincipalTest {

    @ParameterizedTest
    @CsvSource({
        "planner,            secret,         planner,       secret",
        "Fleet Planner,      Top Secret,     fleet_planner, top_secret",
        "' PLANNER ',        top-secret,     planner,       top_secret",
        "ward--nurse,        'phi\u00A0',    ward_nurse,    phi",
        "'',                 top\u2013secret, '',           top_secret",
    })
    void theCanonicalNamesAreMadeWithThePrincipalAndTheGivenOnesKept(String role, String clearance,
            String canonicalRole, String canonicalClearance) {
        Principal principal = Principal.of(role, clearance);

        assertThat(principal.canonicalRole()).isEqualTo(canonicalRole);
        assertThat(principal.canonicalClearance()).isEqualTo(canonicalClearance);
        assertThat(principal.role()).isSameAs(role);
        assertThat(principal.clearance()).isSameAs(clearance);
    }

    @Test
    void principalsAreEqualByTheNamesAsGiven() {
        assertThat(Principal.of("planner", "secret")).isEqualTo(Principal.of("planner", "secret"))
                .hasSameHashCodeAs(Principal.of("planner", "secret"))
                .isNotEqualTo(Principal.of("Planner", "secret"))
                .hasToString("Principal[role=planner, clearance=secret]");
    }

    @Test
    void namesAreRequired() {
        assertThatThrownBy(() -> Principal.of(null, "secret")).isInstanceOf(NullPointerException.class)
                .hasMessage("role");
        assertThatThrownBy(() -> Principal.of("planner", null)).isInstanceOf(NullPointerException.class)
                .hasMessage("clearance");
    }
}

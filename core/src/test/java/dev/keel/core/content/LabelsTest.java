package dev.keel.core.content;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Decision;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LabelsTest {

    private static final Gen<Labels> LABELS = Gen.oneOf(Gen.just(Labels.NONE),
            Gen.of("finance", "legal", "hr", "ops").list().ofMaxSize(3).flatMap(domains ->
                    Gen.booleans().flatMap(internalOnly -> Gen.of(Decision.values()).injectNull(0.2)
                            .map(decision -> new Labels(new HashSet<>(domains), internalOnly, decision)))));

    @Test
    void joiningNeverLosesARestriction() {
        Property.forAll(LABELS, LABELS).tries(2000).check((a, b) -> {
            Labels joined = a.join(b);
            assertThat(joined.domains()).containsAll(a.domains()).containsAll(b.domains());
            assertThat(joined.internalOnly()).isEqualTo(a.internalOnly() || b.internalOnly());
            for (Labels side : List.of(a, b)) {
                side.assessed().ifPresent(decision ->
                        assertThat(joined.decision()).isNotNull().matches(d -> d.isAtMostAsPermissiveAs(decision)));
                if (!side.mayLeave()) {
                    assertThat(joined.mayLeave()).isFalse();
                }
            }
        });
    }

    @Test
    void joiningIsCommutativeAssociativeAndIdempotent() {
        Property.forAll(LABELS, LABELS, LABELS).tries(2000).check((a, b, c) -> {
            assertThat(a.join(b)).isEqualTo(b.join(a));
            assertThat(a.join(b).join(c)).isEqualTo(a.join(b.join(c)));
            assertThat(a.join(a)).isEqualTo(a);
            assertThat(a.join(Labels.NONE)).isEqualTo(a);
            assertThat(Labels.joinAll(List.of(a, b, c))).isEqualTo(a.join(b).join(c));
        });
    }

    @Test
    void deniedOrInternalContentMayNotLeave() {
        assertThat(Labels.NONE.mayLeave()).isTrue();
        assertThat(Labels.of(Set.of("legal"), false, Decision.DENY).mayLeave()).isFalse();
        assertThat(Labels.of(Set.of("legal"), false, Decision.DENY).denied()).isTrue();
        assertThat(Labels.of(Set.of(), true, Decision.ALLOW).mayLeave()).isFalse();
        assertThat(Labels.of(Set.of(), false, Decision.PARTIAL).asInternalOnly().internalOnly()).isTrue();
        assertThat(new Labels(Set.of("b", "a"), false, null).domains()).containsExactly("a", "b");
    }
}

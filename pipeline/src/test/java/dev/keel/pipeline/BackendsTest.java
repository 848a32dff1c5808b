package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.spi.LlmBackend;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackendsTest {

    private static final LlmBackend UNCALLED = request -> {
        throw new AssertionError("the default routing calls no backend");
    };

    private static RoutingTable allTo(String target, String internalTarget) {
        return RoutingTable.builder().pool(1, new PoolEntry(target, "default", target))
                .internalBackendTarget(internalTarget).build();
    }

    @Test
    void defaultRoutingSendsEveryRequestToTheFirstExternalBackendGivenAndInternalOnlyOnesToTheFallback() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 50; round++) {
            // Names in an order no hash would keep, so that "first" means "first given".
            List<String> externals = new ArrayList<>();
            int count = 2 + random.nextInt(6);
            while (externals.size() < count) {
                String name = "ext_" + Integer.toString(random.nextInt(1 << 20), 36);
                if (!externals.contains(name)) {
                    externals.add(name);
                }
            }
            Backends.Builder builder = Backends.builder().internal("in_b", UNCALLED).internal("in_a", UNCALLED);
            externals.forEach(name -> builder.external(name, UNCALLED));
            assertThat(builder.build().defaultRouting()).as("seed %d, externals %s", seed, externals)
                    .isEqualTo(allTo(externals.get(0), "in_b"));
        }
    }

    @Test
    void defaultRoutingWithoutAnExternalBackendSendsEverythingToTheFallback() {
        Backends backends = Backends.builder().internal("first", UNCALLED).internal("chosen", UNCALLED)
                .fallback("chosen").build();

        assertThat(backends.defaultRouting()).isEqualTo(allTo("chosen", "chosen"));
    }
}

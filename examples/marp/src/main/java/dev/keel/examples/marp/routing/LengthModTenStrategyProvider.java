package dev.keel.examples.marp.routing;

import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingStrategy;
import dev.keel.routing.RoutingStrategyProvider;
import java.util.List;
import java.util.Set;

/**
 * Reads the {@link LengthModTenStrategy} from a routing table that names it
 * ({@code "strategy": "marp_length_mod_10"}): {@code pools}, each with the {@code indexes} 0..9 it owns, and the
 * optional {@code scenario_tag}. Listed in this jar's {@code META-INF/services}, so a table naming it reads wherever
 * the example is on the class path. Stateless and thread-safe.
 */
public final class LengthModTenStrategyProvider implements RoutingStrategyProvider {

    @Override
    public String name() {
        return LengthModTenStrategy.NAME;
    }

    @Override
    public Set<String> keys() {
        return Set.of("pools", "scenario_tag");
    }

    @Override
    public RoutingStrategy read(ObjectValue table) {
        LengthModTenStrategy.Builder builder = LengthModTenStrategy.builder();
        Value poolsValue = table.required("pools");
        boolean complete = poolsValue.isPresent();
        for (Value item : poolsValue.items()) {
            ObjectValue pool = item.object("indexes", "router_selected_llm", "reasoning_mode", "backend_target");
            PoolEntry entry = PoolEntry.read(pool);
            complete &= entry != null;
            for (Value index : pool.required("indexes").items()) {
                Integer at = index.integer(0, LengthModTenStrategy.SIZE - 1);
                complete &= at != null;
                if (at != null && entry != null) {
                    String before = builder.givenAt(at);
                    if (before != null) {
                        index.problem("index " + at + " is already given at " + before);
                    } else {
                        builder.entryAt(at, entry, index.pointer());
                    }
                }
            }
        }
        // Coverage is judged once every index was read: a pool that failed to read leaves no gap of its own.
        if (complete && !builder.missing().isEmpty()) {
            poolsValue.problem(LengthModTenStrategy.Builder.uncovered(builder.missing()));
            complete = false;
        }
        ObjectValue tagger = table.optional("scenario_tag").object("keyword", "tags", "default");
        String keyword = tagger.required("keyword").nonBlankString();
        List<String> tags = tagger.required("tags").list(Value::nonBlankString);
        String defaultTag = tagger.optional("default").nonBlankString();
        ScenarioTagger scenarioTagger = tagger.isPresent()
                ? tagger.build(() -> ScenarioTagger.of(keyword, tags, defaultTag == null ? "0" : defaultTag))
                : ScenarioTagger.none();
        if (!complete || scenarioTagger == null) {
            return null;
        }
        return builder.scenarioTagger(scenarioTagger).build();
    }
}

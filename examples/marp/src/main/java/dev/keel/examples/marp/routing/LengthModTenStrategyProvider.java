package dev.keel.examples.marp.routing;

import dev.keel.core.json.DocumentFormat;
import dev.keel.core.json.JsonProblem;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingStrategy;
import dev.keel.routing.RoutingStrategyProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Reads the {@link LengthModTenStrategy} from a routing table that names it
 * ({@code "strategy": "marp_length_mod_10"}): {@code pools}, each with the {@code indexes} 0..9 it owns, and the
 * optional {@code scenario_tag}. The table's JSON Schema ({@value #SCHEMA}) validates it and a valid table binds to
 * {@link MarpRoutingTableSpec}; what the schema cannot state (every index in exactly one pool, a scenario word
 * without any Unicode white space) is this format's check. Listed in this jar's {@code META-INF/services}, so a
 * table naming it reads wherever the example is on the class path. Stateless and thread-safe.
 */
public final class LengthModTenStrategyProvider implements RoutingStrategyProvider {

    /** The schema on the class path, also named by the shipped table for editors. */
    public static final String SCHEMA = "dev/keel/examples/marp/schema/marp-routing-table.schema.json";

    private static final DocumentFormat<MarpRoutingTableSpec> FORMAT = DocumentFormat.builder(
                    MarpRoutingTableSpec.class, SCHEMA)
            .check(LengthModTenStrategyProvider::crossMemberProblems)
            .build();

    @Override
    public String name() {
        return LengthModTenStrategy.NAME;
    }

    @Override
    public RoutingStrategy read(Object table, Function<List<JsonProblem>, ? extends RuntimeException> failure) {
        MarpRoutingTableSpec spec = FORMAT.read(table, "", failure);
        LengthModTenStrategy.Builder builder = LengthModTenStrategy.builder();
        for (int p = 0; p < spec.pools().size(); p++) {
            MarpRoutingTableSpec.Pool pool = spec.pools().get(p);
            for (int i = 0; i < pool.indexes().size(); i++) {
                builder.entryAt(pool.indexes().get(i), pool.entry(), "/pools/" + p + "/indexes/" + i);
            }
        }
        // The check has found every index given once and the tagger's words valid: building cannot fail.
        return builder.scenarioTagger(tagger(spec.scenarioTag())).build();
    }

    /** Where the schema and {@link MarpRoutingTableSpec} disagree on members; empty when they agree. */
    static List<String> mismatches() {
        return FORMAT.mismatches();
    }

    /** {@code strategy}, the pools (indexes with equal entries grouped, by first index), {@code scenario_tag}. */
    static Map<String, Object> write(LengthModTenStrategy strategy) {
        Map<PoolEntry, List<Integer>> grouped = new LinkedHashMap<>();
        for (int i = 0; i < LengthModTenStrategy.SIZE; i++) {
            grouped.computeIfAbsent(strategy.entry(i), e -> new ArrayList<>()).add(i);
        }
        List<MarpRoutingTableSpec.Pool> pools = new ArrayList<>();
        grouped.forEach((entry, indexes) -> pools.add(new MarpRoutingTableSpec.Pool(indexes, entry.routerSelectedLlm(),
                entry.reasoningMode(), entry.backendTarget())));
        ScenarioTagger tagger = strategy.scenarioTagger();
        return FORMAT.write(new MarpRoutingTableSpec(LengthModTenStrategy.NAME, pools, tagger.keyword() == null ? null
                : new MarpRoutingTableSpec.ScenarioTag(tagger.keyword(), tagger.tags(), tagger.defaultTag()), null,
                null));
    }

    private static ScenarioTagger tagger(MarpRoutingTableSpec.ScenarioTag tag) {
        return tag == null ? ScenarioTagger.none()
                : ScenarioTagger.of(tag.keyword(), tag.tags(), tag.defaultTag() == null ? "0" : tag.defaultTag());
    }

    private static List<JsonProblem> crossMemberProblems(MarpRoutingTableSpec spec) {
        List<JsonProblem> problems = new ArrayList<>();
        String[] givenAt = new String[LengthModTenStrategy.SIZE];
        for (int p = 0; p < spec.pools().size(); p++) {
            List<Integer> indexes = spec.pools().get(p).indexes();
            for (int i = 0; i < indexes.size(); i++) {
                int index = indexes.get(i);
                String at = "/pools/" + p + "/indexes/" + i;
                if (givenAt[index] != null) {
                    problems.add(new JsonProblem(at, "index " + index + " is already given at " + givenAt[index]));
                } else {
                    givenAt[index] = at;
                }
            }
        }
        Set<Integer> missing = new TreeSet<>();
        for (int i = 0; i < givenAt.length; i++) {
            if (givenAt[i] == null) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            problems.add(new JsonProblem("/pools", LengthModTenStrategy.Builder.uncovered(missing)));
        }
        // The schema's words have no ASCII white space; the tagger refuses any Unicode white space too.
        try {
            tagger(spec.scenarioTag());
        } catch (IllegalArgumentException e) {
            problems.add(new JsonProblem("/scenario_tag", e.getMessage()));
        }
        return problems;
    }
}

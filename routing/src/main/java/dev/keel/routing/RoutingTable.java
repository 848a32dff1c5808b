package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonProblem;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import dev.keel.core.json.JsonTreeReader.Value;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link RoutingIndex}: what each index 0..9 selects, the backend the internal-only
 * safeguard forces, per-role overrides, and how the scenario tag of the routing key is read
 * ({@link ScenarioTagger}; none unless configured). Its JSON form and schema
 * ({@code dev/keel/routing/schema/routing-table.schema.json} in this jar) are described in
 * {@code docs/routing.md}.
 *
 * <p>A table always covers every index 0..9 exactly once; building or reading one that does not fails with an
 * {@link InvalidPolicyException} naming every problem by JSON pointer. Immutable and thread-safe.
 */
public final class RoutingTable {

    /** The number of indexes: {@code N mod 10}. */
    public static final int SIZE = 10;

    private final PoolEntry[] entries;
    private final String internalBackendTarget;
    private final List<RoutingOverride> overrides;
    private final ScenarioTagger scenarioTagger;

    private RoutingTable(PoolEntry[] entries, String internalBackendTarget, List<RoutingOverride> overrides,
                         ScenarioTagger scenarioTagger) {
        this.entries = entries;
        this.internalBackendTarget = internalBackendTarget;
        this.overrides = List.copyOf(overrides);
        this.scenarioTagger = scenarioTagger;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads a table from JSON.
     *
     * @throws dev.keel.core.WireFormatException when {@code json} is not strict JSON
     * @throws InvalidPolicyException            when it is not a valid routing table
     */
    public static RoutingTable parse(String json) {
        return fromTree(JsonCodec.strict().parse(json));
    }

    /**
     * Reads a table from a plain JSON tree (as {@link JsonCodec#parse} gives). The structure is checked first, every
     * problem at once; then, when it holds, what {@link Builder#build()} checks (coverage of 0..9, repeated indexes,
     * override names and roles).
     *
     * @throws InvalidPolicyException naming the JSON pointer of every problem
     */
    public static RoutingTable fromTree(@Nullable Object tree) {
        return JsonTreeReader.read(tree, RoutingTable::read,
                problems -> new InvalidPolicyException(JsonProblem.describe("invalid routing table", problems)))
                .build();
    }

    private static Builder read(Value root) {
        ObjectValue table = root.object("pools", "internal_backend_target", "overrides", "scenario_tag");
        Builder builder = builder();
        for (Value item : table.required("pools").items()) {
            ObjectValue pool = item.object("indexes", "router_selected_llm", "reasoning_mode", "backend_target");
            PoolEntry entry = entry(pool);
            for (Value index : pool.required("indexes").items()) {
                Integer at = index.integer(0, SIZE - 1);
                if (at != null && entry != null) {
                    builder.entryAt(at, entry, index.pointer());
                }
            }
        }
        builder.internalBackendTarget(table.required("internal_backend_target").nonBlankString());
        for (Value item : table.optional("overrides").items()) {
            ObjectValue override = item.object("name", "role", "router_selected_llm", "reasoning_mode",
                    "backend_target");
            String name = override.required("name").nonBlankString();
            String role = override.required("role").nonBlankString();
            PoolEntry entry = entry(override);
            if (name != null && role != null && entry != null) {
                builder.override(new RoutingOverride(name, role, entry));
            }
        }
        ObjectValue tagger = table.optional("scenario_tag").object("keyword", "tags", "default");
        String keyword = tagger.required("keyword").nonBlankString();
        List<String> tags = tagger.required("tags").list(Value::nonBlankString);
        String defaultTag = tagger.optional("default").nonBlankString();
        ScenarioTagger scenarioTagger = tagger.build(() -> ScenarioTagger.of(keyword, tags,
                defaultTag == null ? "0" : defaultTag));
        if (scenarioTagger != null) {
            builder.scenarioTagger(scenarioTagger);
        }
        return builder;
    }

    /** The entry named by the members of a pool or an override; null when one is missing or wrong. */
    private static @Nullable PoolEntry entry(ObjectValue object) {
        String llm = object.required("router_selected_llm").nonBlankString();
        String mode = object.required("reasoning_mode").nonBlankString();
        String target = object.required("backend_target").nonBlankString();
        return llm == null || mode == null || target == null ? null : new PoolEntry(llm, mode, target);
    }

    /** The entry index {@code index} selects. @throws IndexOutOfBoundsException unless 0 ≤ index < 10 */
    public PoolEntry entry(int index) {
        return entries[index];
    }

    /** The ten entries, by index. */
    public List<PoolEntry> entries() {
        return List.of(entries);
    }

    /** The {@code backend_target} the internal-only safeguard forces. */
    public String internalBackendTarget() {
        return internalBackendTarget;
    }

    /** How the routing key's scenario tag is read; {@link ScenarioTagger#none()} unless configured. */
    public ScenarioTagger scenarioTagger() {
        return scenarioTagger;
    }

    public List<RoutingOverride> overrides() {
        return overrides;
    }

    /** The override for {@code role}, compared ignoring case and surrounding white space. */
    public Optional<RoutingOverride> overrideFor(String role) {
        for (RoutingOverride override : overrides) {
            if (override.role().strip().equalsIgnoreCase(role.strip())) {
                return Optional.of(override);
            }
        }
        return Optional.empty();
    }

    /** A builder holding this table, to derive another (for example with an override). */
    public Builder toBuilder() {
        Builder builder = builder().internalBackendTarget(internalBackendTarget).scenarioTagger(scenarioTagger);
        for (int i = 0; i < SIZE; i++) {
            builder.entries(i, i, entries[i]);
        }
        overrides.forEach(builder::override);
        return builder;
    }

    /** The JSON form: indexes with equal entries grouped into one pool, pools in order of their first index. */
    public Map<String, Object> toTree() {
        List<Object> pools = new ArrayList<>();
        Map<PoolEntry, List<Integer>> grouped = new LinkedHashMap<>();
        for (int i = 0; i < SIZE; i++) {
            grouped.computeIfAbsent(entries[i], e -> new ArrayList<>()).add(i);
        }
        grouped.forEach((entry, indexes) -> {
            Map<String, Object> pool = new LinkedHashMap<>();
            pool.put("indexes", indexes);
            pool.putAll(entry.toWire());
            pools.add(pool);
        });
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("pools", pools);
        tree.put("internal_backend_target", internalBackendTarget);
        if (!overrides.isEmpty()) {
            List<Object> list = new ArrayList<>();
            for (RoutingOverride override : overrides) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("name", override.name());
                item.put("role", override.role());
                item.putAll(override.entry().toWire());
                list.add(item);
            }
            tree.put("overrides", list);
        }
        if (scenarioTagger.keyword() != null) {
            Map<String, Object> tagger = new LinkedHashMap<>();
            tagger.put("keyword", scenarioTagger.keyword());
            tagger.put("tags", scenarioTagger.tags());
            tagger.put("default", scenarioTagger.defaultTag());
            tree.put("scenario_tag", tagger);
        }
        return tree;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RoutingTable && ((RoutingTable) other).toTree().equals(toTree());
    }

    @Override
    public int hashCode() {
        return toTree().hashCode();
    }

    @Override
    public String toString() {
        return "RoutingTable" + toTree();
    }

    /** Assembles a table; {@link #build()} checks it. Not thread-safe. */
    public static final class Builder {
        private final PoolEntry[] entries = new PoolEntry[SIZE];
        private final String[] setAt = new String[SIZE];
        private final List<String> problems = new ArrayList<>();
        private @Nullable String internalBackendTarget;
        private final List<RoutingOverride> overrides = new ArrayList<>();
        private ScenarioTagger scenarioTagger = ScenarioTagger.none();

        private Builder() {
        }

        /** How the routing key's scenario tag is read; {@link ScenarioTagger#none()} unless set. */
        public Builder scenarioTagger(ScenarioTagger tagger) {
            this.scenarioTagger = Objects.requireNonNull(tagger, "tagger");
            return this;
        }

        /** Indexes {@code from} to {@code to} (inclusive) select {@code entry}. */
        public Builder entries(int from, int to, PoolEntry entry) {
            Objects.requireNonNull(entry, "entry");
            for (int index = from; index <= to; index++) {
                entryAt(index, entry, "index " + index);
            }
            return this;
        }

        private void entryAt(int index, PoolEntry entry, String where) {
            if (index < 0 || index >= SIZE) {
                problems.add(where + ": " + index + " is not an index 0..9");
            } else if (setAt[index] != null) {
                problems.add(where + ": index " + index + " is already given at " + setAt[index]);
            } else {
                entries[index] = entry;
                setAt[index] = where;
            }
        }

        /** The {@code backend_target} the internal-only safeguard forces, for example {@code internal}. */
        public Builder internalBackendTarget(String target) {
            this.internalBackendTarget = target;
            return this;
        }

        public Builder override(RoutingOverride override) {
            overrides.add(Objects.requireNonNull(override, "override"));
            return this;
        }

        /** @throws InvalidPolicyException naming every problem */
        public RoutingTable build() {
            List<String> all = new ArrayList<>(problems);
            Set<Integer> missing = new TreeSet<>();
            for (int i = 0; i < SIZE; i++) {
                if (entries[i] == null) {
                    missing.add(i);
                } else {
                    checkEntry(entries[i], setAt[i], all);
                }
            }
            if (!missing.isEmpty()) {
                all.add("/pools: indexes " + missing + " are not covered (every index 0..9 needs exactly one entry)");
            }
            if (internalBackendTarget == null || internalBackendTarget.isBlank()) {
                all.add("/internal_backend_target: required, a non-blank string");
            }
            Set<String> names = new HashSet<>();
            Set<String> roles = new HashSet<>();
            for (int o = 0; o < overrides.size(); o++) {
                RoutingOverride override = overrides.get(o);
                String pointer = "/overrides/" + o;
                if (override.name().isBlank()) {
                    all.add(pointer + "/name: must not be blank");
                } else if (!names.add(override.name())) {
                    all.add(pointer + "/name: '" + override.name() + "' is used by another override");
                }
                if (override.role().isBlank()) {
                    all.add(pointer + "/role: must not be blank");
                } else if (!roles.add(override.role().strip().toLowerCase(Locale.ROOT))) {
                    all.add(pointer + "/role: role '" + override.role() + "' already has an override");
                }
                checkEntry(override.entry(), pointer, all);
            }
            if (!all.isEmpty()) {
                throw new InvalidPolicyException("invalid routing table: " + String.join("; ", all));
            }
            return new RoutingTable(Arrays.copyOf(entries, SIZE), Objects.requireNonNull(internalBackendTarget),
                    overrides,
                    scenarioTagger);
        }

        private static void checkEntry(PoolEntry entry, String where, List<String> problems) {
            if (entry.routerSelectedLlm().isBlank() || entry.reasoningMode().isBlank() || entry.backendTarget().isBlank()) {
                problems.add(where + ": router_selected_llm, reasoning_mode and backend_target must not be blank");
            }
        }
    }
}

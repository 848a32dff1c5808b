package dev.keel.routing;

import dev.keel.core.InvalidPolicyException;
import dev.keel.core.json.JsonCodec;
import java.math.BigDecimal;
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

    private static final Set<String> TABLE_KEYS = Set.of("$schema", "pools", "internal_backend_target", "overrides",
            "scenario_tag");
    private static final Set<String> SCENARIO_TAG_KEYS = Set.of("keyword", "tags", "default");
    private static final Set<String> POOL_KEYS = Set.of("indexes", "router_selected_llm", "reasoning_mode",
            "backend_target");
    private static final Set<String> OVERRIDE_KEYS = Set.of("name", "role", "router_selected_llm", "reasoning_mode",
            "backend_target");

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
     * Reads a table from a plain JSON tree (as {@link JsonCodec#parse} gives).
     *
     * @throws InvalidPolicyException naming the JSON pointer of every problem
     */
    public static RoutingTable fromTree(Object tree) {
        Problems problems = new Problems();
        Map<String, Object> table = problems.object(tree, "", TABLE_KEYS);
        Builder builder = builder();
        if (table == null) {
            problems.throwIfAny();
        }
        List<Object> pools = problems.array(table.get("pools"), "/pools", true);
        for (int p = 0; pools != null && p < pools.size(); p++) {
            String pointer = "/pools/" + p;
            Map<String, Object> pool = problems.object(pools.get(p), pointer, POOL_KEYS);
            if (pool == null) {
                continue;
            }
            PoolEntry entry = problems.entry(pool, pointer);
            List<Object> indexes = problems.array(pool.get("indexes"), pointer + "/indexes", true);
            for (int i = 0; indexes != null && i < indexes.size(); i++) {
                Integer index = problems.index(indexes.get(i), pointer + "/indexes/" + i);
                if (index != null && entry != null) {
                    builder.entryAt(index, entry, pointer + "/indexes/" + i);
                }
            }
        }
        builder.internalBackendTarget(problems.string(table.get("internal_backend_target"), "/internal_backend_target"));
        List<Object> overrides = problems.array(table.get("overrides"), "/overrides", false);
        for (int o = 0; overrides != null && o < overrides.size(); o++) {
            String pointer = "/overrides/" + o;
            Map<String, Object> override = problems.object(overrides.get(o), pointer, OVERRIDE_KEYS);
            if (override == null) {
                continue;
            }
            String name = problems.string(override.get("name"), pointer + "/name");
            String role = problems.string(override.get("role"), pointer + "/role");
            PoolEntry entry = problems.entry(override, pointer);
            if (name != null && role != null && entry != null) {
                builder.override(new RoutingOverride(name, role, entry));
            }
        }
        Map<String, Object> tagger = table.get("scenario_tag") == null ? null
                : problems.object(table.get("scenario_tag"), "/scenario_tag", SCENARIO_TAG_KEYS);
        if (tagger != null) {
            String keyword = problems.string(tagger.get("keyword"), "/scenario_tag/keyword");
            List<Object> tags = problems.array(tagger.get("tags"), "/scenario_tag/tags", true);
            List<String> tagList = new ArrayList<>();
            for (int t = 0; tags != null && t < tags.size(); t++) {
                tagList.add(problems.string(tags.get(t), "/scenario_tag/tags/" + t));
            }
            String defaultTag = tagger.get("default") == null ? "0"
                    : problems.string(tagger.get("default"), "/scenario_tag/default");
            if (keyword != null && tags != null && defaultTag != null && !tagList.contains(null)) {
                try {
                    builder.scenarioTagger(ScenarioTagger.of(keyword, tagList, defaultTag));
                } catch (IllegalArgumentException e) {
                    problems.add("/scenario_tag: " + e.getMessage());
                }
            }
        }
        problems.throwIfAny();
        return builder.build();
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
        private String internalBackendTarget;
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
            return new RoutingTable(Arrays.copyOf(entries, SIZE), internalBackendTarget, overrides, scenarioTagger);
        }

        private static void checkEntry(PoolEntry entry, String where, List<String> problems) {
            if (entry.routerSelectedLlm().isBlank() || entry.reasoningMode().isBlank() || entry.backendTarget().isBlank()) {
                problems.add(where + ": router_selected_llm, reasoning_mode and backend_target must not be blank");
            }
        }
    }

    /** Type checks of the JSON form, collected rather than thrown one by one. Not thread-safe. */
    private static final class Problems {
        private final List<String> found = new ArrayList<>();

        @SuppressWarnings("unchecked")
        Map<String, Object> object(Object value, String pointer, Set<String> keys) {
            if (!(value instanceof Map)) {
                found.add((pointer.isEmpty() ? "/" : pointer) + ": must be an object, found " + describe(value));
                return null;
            }
            Map<String, Object> object = (Map<String, Object>) value;
            for (String key : object.keySet()) {
                if (!keys.contains(key)) {
                    found.add(pointer + "/" + key + ": unknown field; expected one of " + new TreeSet<>(keys));
                }
            }
            return object;
        }

        @SuppressWarnings("unchecked")
        List<Object> array(Object value, String pointer, boolean required) {
            if (value == null && !required) {
                return null;
            }
            if (!(value instanceof List)) {
                found.add(pointer + ": must be an array, found " + describe(value));
                return null;
            }
            return (List<Object>) value;
        }

        String string(Object value, String pointer) {
            if (!(value instanceof String) || ((String) value).isBlank()) {
                found.add(pointer + ": must be a non-blank string, found " + describe(value));
                return null;
            }
            return (String) value;
        }

        Integer index(Object value, String pointer) {
            if (value instanceof BigDecimal) {
                try {
                    return ((BigDecimal) value).intValueExact();
                } catch (ArithmeticException e) {
                    // reported below
                }
            }
            found.add(pointer + ": must be an integer 0..9, found " + describe(value));
            return null;
        }

        PoolEntry entry(Map<String, Object> object, String pointer) {
            String llm = string(object.get("router_selected_llm"), pointer + "/router_selected_llm");
            String mode = string(object.get("reasoning_mode"), pointer + "/reasoning_mode");
            String target = string(object.get("backend_target"), pointer + "/backend_target");
            return llm == null || mode == null || target == null ? null : new PoolEntry(llm, mode, target);
        }

        void add(String problem) {
            found.add(problem);
        }

        void throwIfAny() {
            if (!found.isEmpty()) {
                throw new InvalidPolicyException("invalid routing table: " + String.join("; ", found));
            }
        }

        private static String describe(Object value) {
            if (value == null) {
                return "nothing";
            }
            if (value instanceof BigDecimal) {
                return "the number " + ((BigDecimal) value).toPlainString();
            }
            if (value instanceof String) {
                return "'" + value + "'";
            }
            return value instanceof List ? "an array" : value instanceof Map ? "an object" : "a boolean";
        }
    }
}

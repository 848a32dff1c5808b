package dev.keel.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where an answer's evidence came from: source names (file names, table names, tool names) grouped by kind of
 * evidence ({@code policy}, {@code knowledge}, {@code records}, ...), kinds in the order they were added. A kind
 * with an empty list was considered and not consulted. Immutable and thread-safe.
 *
 * @param byKind source names by kind of evidence
 */
public record EvidenceSources(Map<String, List<String>> byKind) {

    private static final EvidenceSources NONE = new EvidenceSources(Map.of());

    public EvidenceSources {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        byKind.forEach((kind, sources) -> copy.put(Objects.requireNonNull(kind, "kind"), List.copyOf(sources)));
        byKind = Collections.unmodifiableMap(copy);
    }

    /** No evidence. */
    public static EvidenceSources none() {
        return NONE;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The sources of {@code kind}; empty when it has none. */
    public List<String> of(String kind) {
        return byKind.getOrDefault(kind, List.of());
    }

    /** The wire form: source names by kind, kinds in order (an insertion-ordered copy, so writers keep it). */
    public Map<String, Object> toWire() {
        return new LinkedHashMap<>(byKind);
    }

    /** Every source name, in kind order, once each. */
    public List<String> all() {
        List<String> all = new ArrayList<>();
        byKind.values().forEach(sources -> sources.stream().filter(s -> !all.contains(s)).forEach(all::add));
        return all;
    }

    /** Collects sources by kind; not thread-safe. */
    public static final class Builder {
        private final Map<String, List<String>> byKind = new LinkedHashMap<>();

        private Builder() {
        }

        /** Adds {@code sources} to {@code kind} (created, possibly empty, at its first mention). */
        public Builder add(String kind, List<String> sources) {
            List<String> list = byKind.computeIfAbsent(Objects.requireNonNull(kind, "kind"), k -> new ArrayList<>());
            sources.stream().filter(s -> !list.contains(s)).forEach(list::add);
            return this;
        }

        public EvidenceSources build() {
            return new EvidenceSources(byKind);
        }
    }
}

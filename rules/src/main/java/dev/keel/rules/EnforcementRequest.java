package dev.keel.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What {@link RuleSet#check} checks: the answer, the rules selected for the turn (every hard rule is checked
 * besides), the turn's variables, and whether the turn is risky or sampled for audit (then the subjective rules
 * checked are listed for a judge). Immutable and thread-safe; the builder is not thread-safe.
 */
public final class EnforcementRequest {

    private final List<String> selected;
    private final Map<String, Object> variables;
    private final String response;
    private final boolean risky;
    private final boolean sampled;

    private EnforcementRequest(Builder b) {
        this.selected = List.copyOf(b.selected);
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(b.variables));
        this.response = Objects.requireNonNull(b.response, "response");
        this.risky = b.risky;
        this.sampled = b.sampled;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The ids of the rules selected for the turn. */
    public List<String> selected() {
        return selected;
    }

    /** The turn's variables by name: numbers, strings and booleans. */
    public Map<String, Object> variables() {
        return variables;
    }

    /** The answer to check. */
    public String response() {
        return response;
    }

    public boolean risky() {
        return risky;
    }

    public boolean sampled() {
        return sampled;
    }

    /** Collects a request; not thread-safe. */
    public static final class Builder {
        private final List<String> selected = new ArrayList<>();
        private final Map<String, Object> variables = new LinkedHashMap<>();
        private @Nullable String response;
        private boolean risky;
        private boolean sampled;

        private Builder() {
        }

        public Builder selected(List<String> ruleIds) {
            ruleIds.forEach(id -> selected.add(Objects.requireNonNull(id, "rule id")));
            return this;
        }

        /** The turn's variables: numbers, strings and booleans (other values are refused by the check). */
        public Builder variables(Map<String, ?> values) {
            values.forEach((name, value) -> variables.put(Objects.requireNonNull(name, "name"), value));
            return this;
        }

        public Builder variable(String name, Object value) {
            variables.put(Objects.requireNonNull(name, "name"), value);
            return this;
        }

        public Builder response(String response) {
            this.response = response;
            return this;
        }

        public Builder risky(boolean risky) {
            this.risky = risky;
            return this;
        }

        public Builder sampled(boolean sampled) {
            this.sampled = sampled;
            return this;
        }

        /** @throws NullPointerException when no response is set */
        public EnforcementRequest build() {
            return new EnforcementRequest(this);
        }
    }
}

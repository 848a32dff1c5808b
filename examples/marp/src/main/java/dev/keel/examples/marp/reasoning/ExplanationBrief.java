package dev.keel.examples.marp.reasoning;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the main explanatory subtask ({@code docs/marp-example.md}, "The reasoning path") is built from: who asks (role
 * and clearance) under which governance decision, the scenario label, the constraints from the evidence (capability
 * thresholds, dock, crew, spares, budget), short summaries of the transition calendars, key weekly behaviour, and the
 * routing facts that matter here (reasoning mode, top-secret safeguard). The user's question is not part of it: the
 * request carries the user's own message ({@link ExplanationPrompt#request}).
 *
 * <p>Texts are kept as given; {@link ExplanationPrompt} sends each as a JSON value. Immutable, pure and thread-safe;
 * the builder is not thread-safe.
 */
public final class ExplanationBrief {

    private final Principal principal;
    private final Decision decision;
    private final String scenarioLabel;
    private final List<String> constraints;
    private final List<String> budget;
    private final Map<String, String> calendarSummaries;
    private final List<String> weeklyBehaviour;
    private final Map<Section, Set<String>> domains;
    private final String reasoningMode;
    private final boolean topSecretInternalOnly;
    private final String requestId;

    private ExplanationBrief(Builder b) {
        this.principal = b.principal;
        this.decision = b.decision;
        this.scenarioLabel = b.scenarioLabel;
        this.constraints = List.copyOf(b.constraints);
        this.budget = List.copyOf(b.budget);
        this.calendarSummaries = Collections.unmodifiableMap(new LinkedHashMap<>(b.calendarSummaries));
        this.weeklyBehaviour = List.copyOf(b.weeklyBehaviour);
        Map<Section, Set<String>> sections = new EnumMap<>(Section.class);
        b.domains.forEach((section, names) -> {
            if (!names.isEmpty()) {
                sections.put(section, Set.copyOf(names));
            }
        });
        this.domains = Collections.unmodifiableMap(sections);
        this.reasoningMode = b.reasoningMode;
        this.topSecretInternalOnly = b.topSecretInternalOnly;
        this.requestId = b.requestId;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Principal principal() {
        return principal;
    }

    /** ALLOW or PARTIAL (a denied request has no reasoning path). */
    public Decision decision() {
        return decision;
    }

    /** For example "MARP fleet transition, retire two boats in Q3". */
    public String scenarioLabel() {
        return scenarioLabel;
    }

    /** Constraints from the evidence, one statement each. */
    public List<String> constraints() {
        return constraints;
    }

    /** Budget constraints from the evidence (each calendar's envelope and profile), one statement each. */
    public List<String> budget() {
        return budget;
    }

    /** Calendar label (for example "Transition Calendar A") to its short summary, in the order given. */
    public Map<String, String> calendarSummaries() {
        return calendarSummaries;
    }

    /** Key weekly behaviour from the governed data, one statement each. */
    public List<String> weeklyBehaviour() {
        return weeklyBehaviour;
    }

    /**
     * The data domains the evidence of {@code section} belongs to: the labels each of its elements is sent with.
     * Empty when not given.
     */
    public Set<String> domains(Section section) {
        return domains.getOrDefault(section, Set.of());
    }

    /** The routing table's {@code reasoning_mode} (the voice of the commentary), if known. */
    public Optional<String> reasoningMode() {
        return Optional.ofNullable(reasoningMode);
    }

    /** When true no external backend may be called, whatever the target. */
    public boolean topSecretInternalOnly() {
        return topSecretInternalOnly;
    }

    public Optional<String> requestId() {
        return Optional.ofNullable(requestId);
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof ExplanationBrief)) {
            return false;
        }
        ExplanationBrief o = (ExplanationBrief) other;
        return principal.equals(o.principal) && decision == o.decision && scenarioLabel.equals(o.scenarioLabel)
                && constraints.equals(o.constraints) && budget.equals(o.budget)
                && calendarSummaries.equals(o.calendarSummaries) && weeklyBehaviour.equals(o.weeklyBehaviour)
                && domains.equals(o.domains)
                && Objects.equals(reasoningMode, o.reasoningMode) && topSecretInternalOnly == o.topSecretInternalOnly
                && Objects.equals(requestId, o.requestId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(principal, decision, scenarioLabel, constraints, budget, calendarSummaries, weeklyBehaviour, domains,
                reasoningMode, topSecretInternalOnly, requestId);
    }

    @Override
    public String toString() {
        return "ExplanationBrief{" + principal + ", " + decision + ", scenario=" + scenarioLabel + ", "
                + constraints.size() + " constraints, " + budget.size() + " budget constraints, calendars=" + calendarSummaries.keySet() + "}";
    }

    /** The brief's kinds of evidence, each sent as JSON elements labelled with its domains. */
    public enum Section {
        CONSTRAINTS, BUDGET, CALENDARS, WEEKLY_BEHAVIOUR
    }

    /** Collects a brief; not thread-safe. */
    public static final class Builder {
        private Principal principal;
        private Decision decision = Decision.ALLOW;
        private String scenarioLabel;
        private final List<String> constraints = new ArrayList<>();
        private final List<String> budget = new ArrayList<>();
        private final Map<String, String> calendarSummaries = new LinkedHashMap<>();
        private final List<String> weeklyBehaviour = new ArrayList<>();
        private final Map<Section, Set<String>> domains = new EnumMap<>(Section.class);
        private String reasoningMode;
        private boolean topSecretInternalOnly;
        private String requestId;

        private Builder() {
        }

        public Builder principal(Principal principal) {
            this.principal = principal;
            return this;
        }

        public Builder decision(Decision decision) {
            this.decision = decision;
            return this;
        }

        public Builder scenarioLabel(String scenarioLabel) {
            this.scenarioLabel = scenarioLabel;
            return this;
        }

        public Builder addConstraint(String constraint) {
            constraints.add(Objects.requireNonNull(constraint, "constraint"));
            return this;
        }

        public Builder constraints(List<String> values) {
            constraints.clear();
            values.forEach(this::addConstraint);
            return this;
        }

        /** Adds a budget constraint: a calendar's envelope and profile. */
        public Builder addBudget(String statement) {
            budget.add(Objects.requireNonNull(statement, "statement"));
            return this;
        }

        /** Adds (or replaces) the summary of the calendar {@code label}. */
        public Builder calendar(String label, String summary) {
            calendarSummaries.put(Objects.requireNonNull(label, "label"), Objects.requireNonNull(summary, "summary"));
            return this;
        }

        public Builder addWeeklyBehaviour(String statement) {
            weeklyBehaviour.add(Objects.requireNonNull(statement, "statement"));
            return this;
        }

        public Builder weeklyBehaviour(List<String> values) {
            weeklyBehaviour.clear();
            values.forEach(this::addWeeklyBehaviour);
            return this;
        }

        /** The data domains the evidence of {@code section} belongs to (replacing any given before). */
        public Builder domains(Section section, Set<String> names) {
            domains.put(Objects.requireNonNull(section, "section"), Set.copyOf(names));
            return this;
        }

        public Builder reasoningMode(String reasoningMode) {
            this.reasoningMode = reasoningMode;
            return this;
        }

        public Builder topSecretInternalOnly(boolean topSecretInternalOnly) {
            this.topSecretInternalOnly = topSecretInternalOnly;
            return this;
        }

        public Builder requestId(String requestId) {
            this.requestId = requestId;
            return this;
        }

        /**
         * @throws InvalidInputException when the principal or the scenario label is missing, or the decision is
         *         DENY
         */
        public ExplanationBrief build() {
            if (principal == null) {
                throw new InvalidInputException("explanation brief: the principal (role and clearance) is missing");
            }
            if (scenarioLabel == null || scenarioLabel.isBlank()) {
                throw new InvalidInputException("explanation brief: the scenario label is missing");
            }
            if (decision == null || decision == Decision.DENY) {
                throw new InvalidInputException("explanation brief: a reasoning path needs an ALLOW or PARTIAL decision");
            }
            return new ExplanationBrief(this);
        }
    }
}

package dev.keel.policy;

import dev.keel.core.Decision;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.text.Names;
import dev.keel.policy.internal.PhraseTable;
import dev.keel.policy.internal.PolicyFormat;
import dev.keel.policy.internal.PolicySpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A validated policy document: optionally the order of its clearances, which roles exist, which clearances and
 * domains each allows (and which domains it denies outright), its default decision, the qualitative restrictions that hold even under {@code ALLOW}, optionally the phrase rules that detect domains
 * in a prompt, what must never leave the house ({@link Sensitivity}), what a model is told under a
 * {@code PARTIAL} decision, and the longest answer the outbound filter reads. The wire format and its JSON Schema
 * ({@code dev/keel/policy/schema/policy-document.schema.json} in this jar) are described in
 * {@code docs/policy.md}.
 *
 * <p>Every way of obtaining a document ({@link #parse}, {@link #fromTree}, {@link #builder()}) validates it
 * against that JSON Schema, then checks the rules across members the schema cannot state (restriction ids unique,
 * no domain both allowed and denied, clearances within {@code clearance_levels}, the policy's pattern budget), and
 * fails with a {@link PolicyValidationException} listing every problem with the JSON pointer of the offending
 * value. A document that exists is valid. Immutable and thread-safe.
 */
public final class PolicyDocument {

    /** What a model is told under a {@code PARTIAL} decision when the policy says nothing. */
    public static final String DEFAULT_PARTIAL_INSTRUCTION = "Answer with qualitative statements only: no explicit"
            + " numbers, dates, quarters, weeks, percentages or amounts.";

    // The document as its format bound it: what toTree writes back.
    private final PolicySpec spec;
    private final String policyId;
    private final String version;
    private final String description;
    private final List<String> clearanceLevels;
    private final Map<String, RolePolicy> roles;
    private final List<QualitativeRestriction> restrictions;
    private final List<DomainRule> domainRules;
    private final Sensitivity sensitivity;
    // Every phrase of the document, compiled once: domain detection and sensitivity read a prompt with the same table.
    private final PhraseTable phrases;
    private final String partialInstruction;
    private final int filterMaxInputChars;

    private PolicyDocument(PolicySpec spec) {
        this.spec = spec;
        // Validation has run: the members the schema requires are there.
        this.policyId = Objects.requireNonNull(spec.policyId(), "policyId");
        this.version = Objects.requireNonNull(spec.version(), "version");
        this.description = spec.description() == null ? "" : spec.description();
        this.clearanceLevels = spec.clearanceLevels() == null ? List.of() : List.copyOf(spec.clearanceLevels());
        Map<String, RolePolicy> roleMap = new LinkedHashMap<>();
        spec.roles().forEach((name, role) -> roleMap.put(name, new RolePolicy(role.allowedClearances(),
                role.allowedDomains(), Decision.valueOf(role.defaultDecision()),
                role.deniedDomains() == null ? List.of() : role.deniedDomains())));
        this.roles = Collections.unmodifiableMap(roleMap);
        List<QualitativeRestriction> restrictionList = new ArrayList<>();
        if (spec.restrictions() != null) {
            for (PolicySpec.Restriction r : spec.restrictions()) {
                RestrictionSet set = r.use() == null ? null : RestrictionSet.named(r.use()).orElseThrow();
                restrictionList.add(new QualitativeRestriction(Objects.requireNonNull(r.id(), "id"),
                        set != null && r.description() == null ? set.description() : r.description(),
                        PolicyFormat.patterns(r),
                        set != null && r.replacement() == null ? set.replacement() : r.replacement()));
            }
        }
        this.restrictions = List.copyOf(restrictionList);
        List<DomainRule> ruleList = new ArrayList<>();
        if (spec.domainRules() != null) {
            for (PolicySpec.DomainRuleSpec r : spec.domainRules()) {
                ruleList.add(new DomainRule(r.phrases(), r.domains(), r.maxGap() == null ? 0 : r.maxGap(),
                        Boolean.TRUE.equals(r.fallback())));
            }
        }
        this.domainRules = List.copyOf(ruleList);
        this.sensitivity = sensitivity(spec.sensitivity());
        this.phrases = PhraseTable.of(domainRules, sensitivity.markings());
        this.partialInstruction = spec.partialInstruction() == null ? DEFAULT_PARTIAL_INSTRUCTION
                : spec.partialInstruction();
        Integer maxInputChars = spec.outboundFilter() == null ? null : spec.outboundFilter().maxInputChars();
        this.filterMaxInputChars = maxInputChars == null ? OutboundFilter.DEFAULT_MAX_INPUT_CHARS : maxInputChars;
    }

    private static Sensitivity sensitivity(PolicySpec.@Nullable SensitivitySpec spec) {
        if (spec == null) {
            return Sensitivity.none();
        }
        List<Marking> markings = new ArrayList<>();
        if (spec.markings() != null) {
            spec.markings().forEach(m -> markings.add(new Marking(m.id(), m.phrases(),
                    Boolean.TRUE.equals(m.caseSensitive()), m.domain())));
        }
        return new Sensitivity(spec.internalOnlyClearances() == null ? List.of() : spec.internalOnlyClearances(),
                spec.internalOnlyDomains() == null ? List.of() : spec.internalOnlyDomains(), markings);
    }

    /**
     * Parses and validates a policy document.
     *
     * @throws dev.keel.core.WireFormatException when {@code json} is not strict JSON
     * @throws PolicyValidationException         when it is JSON but not a valid policy document
     */
    public static PolicyDocument parse(String json) {
        return fromTree(JsonCodec.strict().parse(json));
    }

    /**
     * Validates a document given as a plain JSON tree (as {@link JsonCodec#parse} gives).
     *
     * @throws PolicyValidationException when it is not a valid policy document
     */
    public static PolicyDocument fromTree(@Nullable Object tree) {
        return fromTree(tree, "");
    }

    /**
     * As {@link #fromTree(Object)}, for a document that stands at {@code pointer} in a larger tree (the member
     * {@code policy} of a request, say): every violation's pointer starts there.
     *
     * @throws PolicyValidationException when it is not a valid policy document
     */
    public static PolicyDocument fromTree(@Nullable Object tree, String pointer) {
        return new PolicyDocument(PolicyFormat.read(tree, pointer));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code policy_id}. */
    public String policyId() {
        return policyId;
    }

    /** {@code version}. */
    public String version() {
        return version;
    }

    /** {@code description}, or empty. */
    public String description() {
        return description;
    }

    /**
     * The clearances from lowest to highest ({@code clearance_levels}); empty when the document does not order them.
     * A {@link PrincipalResolver} given this policy compares clearances in this order.
     */
    public List<String> clearanceLevels() {
        return clearanceLevels;
    }

    /** The roles by canonical name, in document order. */
    public Map<String, RolePolicy> roles() {
        return roles;
    }

    /** The role named {@code name} (compared in canonical form: case, spaces and hyphens do not matter). */
    public Optional<RolePolicy> role(String name) {
        return Optional.ofNullable(roles.get(Names.canonical(name)));
    }

    /**
     * The qualitative restrictions, in document order; one that uses a {@link RestrictionSet} has the set's patterns
     * (and its description and replacement where the document gives none).
     */
    public List<QualitativeRestriction> restrictions() {
        return restrictions;
    }

    /** The domain detection rules, in document order; empty when the document has none. */
    public List<DomainRule> domainRules() {
        return domainRules;
    }

    /** What must never leave the house; {@link Sensitivity#none()} when the document says nothing. */
    public Sensitivity sensitivity() {
        return sensitivity;
    }

    /** The document's domain rules and markings, compiled when it was loaded. */
    PhraseTable phrases() {
        return phrases;
    }

    /**
     * What a model is told under a {@code PARTIAL} decision ({@code partial_instruction});
     * {@link #DEFAULT_PARTIAL_INSTRUCTION} when the document says nothing.
     */
    public String partialInstruction() {
        return partialInstruction;
    }

    /**
     * The longest text, in UTF-16 characters, that the outbound filter made from this document reads
     * ({@code outbound_filter.max_input_chars}); a longer one is withheld whole. {@link
     * OutboundFilter#DEFAULT_MAX_INPUT_CHARS} when the document says nothing.
     */
    public int filterMaxInputChars() {
        return filterMaxInputChars;
    }

    /** The document as a plain JSON tree in its wire format: the members it was given, as given. */
    public Map<String, Object> toTree() {
        return PolicyFormat.write(spec);
    }

    /** Documents are equal when they have the same members with the same values. */
    @Override
    public boolean equals(Object other) {
        return other instanceof PolicyDocument && ((PolicyDocument) other).spec.equals(spec);
    }

    @Override
    public int hashCode() {
        return spec.hashCode();
    }

    @Override
    public String toString() {
        return "PolicyDocument{" + policyId + " v" + version + ", roles " + roles.keySet() + "}";
    }

    /** Assembles a document in code; {@link #build()} validates it as a parsed one would be. Not thread-safe. */
    public static final class Builder {
        private @Nullable String policyId;
        private @Nullable String version;
        private @Nullable String description;
        private @Nullable List<String> clearanceLevels;
        private final Map<String, RolePolicy> roles = new LinkedHashMap<>();
        private final List<PolicySpec.Restriction> restrictions = new ArrayList<>();
        private final List<DomainRule> domainRules = new ArrayList<>();
        private Sensitivity sensitivity = Sensitivity.none();
        private @Nullable String partialInstruction;
        private @Nullable Integer filterMaxInputChars;

        private Builder() {
        }

        public Builder sensitivity(Sensitivity sensitivity) {
            this.sensitivity = Objects.requireNonNull(sensitivity, "sensitivity");
            return this;
        }

        public Builder partialInstruction(String instruction) {
            this.partialInstruction = instruction;
            return this;
        }

        public Builder policyId(String policyId) {
            this.policyId = policyId;
            return this;
        }

        public Builder version(String version) {
            this.version = version;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /** The clearances from lowest to highest; not ordered unless set. */
        public Builder clearanceLevels(@Nullable List<String> levels) {
            this.clearanceLevels = levels == null ? null : List.copyOf(levels);
            return this;
        }

        /** Adds (or replaces) the role {@code name}; the name must already be canonical. */
        public Builder role(String name, RolePolicy role) {
            roles.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(role, "role"));
            return this;
        }

        public Builder restriction(QualitativeRestriction restriction) {
            Objects.requireNonNull(restriction, "restriction");
            restrictions.add(new PolicySpec.Restriction(restriction.id(), restriction.description(),
                    restriction.patterns(), null, restriction.replacement()));
            return this;
        }

        /**
         * Adds the restriction {@code id} that uses the shipped restriction set {@code set}
         * ({@link RestrictionSet#CREDENTIALS}), with the set's description and replacement: as
         * {@code {"id": id, "use": set}} in a document.
         */
        public Builder restrictionSet(String id, String set) {
            restrictions.add(new PolicySpec.Restriction(id, null, null, Objects.requireNonNull(set, "set"), null));
            return this;
        }

        /** The longest text the outbound filter reads; {@link OutboundFilter#DEFAULT_MAX_INPUT_CHARS} unless set. */
        public Builder filterMaxInputChars(int maxInputChars) {
            this.filterMaxInputChars = maxInputChars;
            return this;
        }

        public Builder domainRule(DomainRule rule) {
            domainRules.add(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        /** @throws PolicyValidationException naming the wire pointer of every problem */
        public PolicyDocument build() {
            Map<String, PolicySpec.Role> roleSpecs = new LinkedHashMap<>();
            roles.forEach((name, role) -> roleSpecs.put(name, new PolicySpec.Role(role.allowedClearances(),
                    role.allowedDomains(), role.defaultDecision().wireName(), absentIfEmpty(role.deniedDomains()))));
            List<PolicySpec.DomainRuleSpec> ruleSpecs = new ArrayList<>();
            for (DomainRule r : domainRules) {
                ruleSpecs.add(new PolicySpec.DomainRuleSpec(r.phrases(), r.domains(), r.maxGap(), r.fallback()));
            }
            List<PolicySpec.MarkingSpec> markingSpecs = new ArrayList<>();
            for (Marking m : sensitivity.markings()) {
                markingSpecs.add(new PolicySpec.MarkingSpec(m.id(), m.phrases(), m.caseSensitive(), m.domain()));
            }
            return new PolicyDocument(PolicyFormat.validated(new PolicySpec(policyId, version, description,
                    clearanceLevels, roleSpecs, absentIfEmpty(List.copyOf(restrictions)), absentIfEmpty(ruleSpecs),
                    sensitivity.isEmpty() ? null : new PolicySpec.SensitivitySpec(sensitivity.internalOnlyClearances(),
                            sensitivity.internalOnlyDomains(), markingSpecs), partialInstruction,
                    filterMaxInputChars == null ? null : new PolicySpec.OutboundFilterSpec(filterMaxInputChars))));
        }

        // A member the document leaves out, rather than an empty list, so that a document built in code writes
        // what an author would have written.
        private static <E> @Nullable List<E> absentIfEmpty(List<E> list) {
            return list.isEmpty() ? null : list;
        }
    }
}

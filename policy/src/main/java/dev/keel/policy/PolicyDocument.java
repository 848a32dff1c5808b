package dev.keel.policy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import dev.keel.core.text.Names;
import java.util.ArrayList;
import java.util.Collection;
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
 * {@code PARTIAL} decision, the longest answer the outbound filter reads, and the tools a model may call
 * ({@link ToolPolicy}; unknown tools are refused). The wire format and its JSON Schema
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

    /**
     * The longest text, in UTF-16 characters, that an outbound filter reads when the document says nothing
     * ({@code outbound_filter.max_input_chars}): 1 MiB.
     */
    public static final int DEFAULT_FILTER_MAX_INPUT_CHARS = 1 << 20;

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
    private final Map<String, PartialSetting> domainPartials;
    private final Map<String, ToolPolicy> tools;
    // The host's additions, given in code and never written to the document.
    private final List<Recogniser> recognisers;
    private final List<NumberWordLanguage> languages;

    private PolicyDocument(PolicySpec spec) {
        this(spec, List.of(), List.of());
    }

    private PolicyDocument(PolicySpec spec, List<Recogniser> recognisers, List<NumberWordLanguage> languages) {
        this.spec = spec;
        this.recognisers = List.copyOf(recognisers);
        this.languages = List.copyOf(languages);
        // Validation has run: the members the schema requires are there.
        this.policyId = Objects.requireNonNull(spec.policyId(), "policyId");
        this.version = Objects.requireNonNull(spec.version(), "version");
        this.description = spec.description() == null ? "" : spec.description();
        this.clearanceLevels = spec.clearanceLevels() == null ? List.of() : List.copyOf(spec.clearanceLevels());
        Map<String, RolePolicy> roleMap = new LinkedHashMap<>();
        spec.roles().forEach((name, role) -> roleMap.put(name, new RolePolicy(role.allowedClearances(),
                role.allowedDomains(), Decision.valueOf(role.defaultDecision()),
                role.deniedDomains() == null ? List.of() : role.deniedDomains(), setting(role.partial()))));
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
        this.filterMaxInputChars = maxInputChars == null ? DEFAULT_FILTER_MAX_INPUT_CHARS : maxInputChars;
        Map<String, PartialSetting> domainSettings = new LinkedHashMap<>();
        if (spec.partial() != null && spec.partial().domains() != null) {
            spec.partial().domains().forEach((domain, setting) -> domainSettings.put(domain, setting(setting)));
        }
        this.domainPartials = Collections.unmodifiableMap(domainSettings);
        Map<String, ToolPolicy> toolMap = new LinkedHashMap<>();
        if (spec.tools() != null) {
            spec.tools().forEach((name, tool) -> toolMap.put(name, new ToolPolicy(
                    tool.description() == null ? "" : tool.description(), tool.allowedRoles(),
                    tool.allowedClearances() == null ? List.of() : tool.allowedClearances(), tool.resultDomains(),
                    ToolPlacement.parse(tool.placement()).orElseThrow(),
                    tool.sensitiveArguments() == null ? List.of() : tool.sensitiveArguments())));
        }
        this.tools = Collections.unmodifiableMap(toolMap);
    }

    private static PolicySpec.ToolSpec spec(ToolPolicy tool) {
        return new PolicySpec.ToolSpec(tool.description().isEmpty() ? null : tool.description(), tool.allowedRoles(),
                absentIfEmpty(tool.allowedClearances()), tool.resultDomains(), tool.placement().wireName(),
                absentIfEmpty(tool.sensitiveArguments()));
    }

    private static PartialSetting setting(PolicySpec.@Nullable PartialSpec spec) {
        if (spec == null) {
            return PartialSetting.none();
        }
        return new PartialSetting(spec.withhold() == null ? List.of() : spec.withhold(),
                spec.keep() == null ? List.of() : spec.keep());
    }

    private static PolicySpec.@Nullable PartialSpec spec(PartialSetting setting) {
        return setting.isEmpty() ? null : new PolicySpec.PartialSpec(absentIfEmpty(setting.withhold()),
                absentIfEmpty(setting.keep()));
    }

    // A member the document leaves out, rather than an empty list, so that a document built in code writes what an
    // author would have written.
    private static <E> @Nullable List<E> absentIfEmpty(List<E> list) {
        return list.isEmpty() ? null : list;
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
     * #DEFAULT_FILTER_MAX_INPUT_CHARS} when the document says nothing.
     */
    public int filterMaxInputChars() {
        return filterMaxInputChars;
    }

    /** What a PARTIAL answer about each domain withholds and keeps ({@code partial.domains}), by canonical name. */
    public Map<String, PartialSetting> domainPartials() {
        return domainPartials;
    }

    /**
     * What a {@code PARTIAL} answer to {@code role} about {@code domains} withholds: the union of what the role's
     * setting and each requested domain's setting withhold (the most restrictive wins), a role or domain that says
     * nothing adding nothing; {@link PartialKinds#defaults()} when none says anything, or the role is unknown.
     * Names are compared in canonical form. Pure.
     */
    public PartialKinds partialKinds(String role, Collection<String> domains) {
        PartialKinds kinds = null;
        RolePolicy rolePolicy = roles.get(Names.canonical(role));
        if (rolePolicy != null && !rolePolicy.partial().isEmpty()) {
            kinds = rolePolicy.partial().kinds();
        }
        if (!domainPartials.isEmpty()) {
            for (String domain : domains) {
                PartialSetting setting = domainPartials.get(domain);
                if (setting == null) {
                    setting = domainPartials.get(Names.canonical(domain));
                }
                if (setting != null && !setting.isEmpty()) {
                    kinds = kinds == null ? setting.kinds() : kinds.union(setting.kinds());
                }
            }
        }
        return kinds == null ? PartialKinds.defaults() : kinds;
    }

    /** The tools a model may call ({@code tools}), by canonical name, in document order; empty when none. */
    public Map<String, ToolPolicy> tools() {
        return tools;
    }

    /**
     * The tool named {@code name} (compared in canonical form, as roles are); empty when the policy does not list it,
     * and a tool the policy does not list may not be called.
     */
    public Optional<ToolPolicy> tool(String name) {
        ToolPolicy tool = tools.get(name);
        return Optional.ofNullable(tool != null ? tool : tools.get(Names.canonical(name)));
    }

    /** Every kind the document names in a {@code partial} setting, with its JSON pointer, in document order. */
    Map<String, String> partialKindPointers() {
        Map<String, String> named = new LinkedHashMap<>();
        roles.forEach((name, role) -> pointers(role.partial(), JsonPointers.child("/roles", name) + "/partial", named));
        domainPartials.forEach((domain, setting) ->
                pointers(setting, JsonPointers.child("/partial/domains", domain), named));
        return named;
    }

    private static void pointers(PartialSetting setting, String at, Map<String, String> named) {
        for (int i = 0; i < setting.withhold().size(); i++) {
            named.put(at + "/withhold/" + i, setting.withhold().get(i));
        }
        for (int i = 0; i < setting.keep().size(); i++) {
            named.put(at + "/keep/" + i, setting.keep().get(i));
        }
    }

    /** The recognisers of a host's own kinds that the document was given in code; empty unless given. */
    public List<Recogniser> recognisers() {
        return recognisers;
    }

    /**
     * The languages whose number words PARTIAL reads ({@code partial.number_words}); English when the document
     * says nothing. A language other than English must have been given in code ({@link #withNumberWordLanguages}).
     *
     * @throws dev.keel.core.ConfigurationException when the document names a language that was not given
     */
    public List<NumberWordLanguage> numberWordLanguages() {
        List<String> names = spec.partial() == null || spec.partial().numberWords() == null
                ? List.of(NumberWordLanguage.english().name()) : spec.partial().numberWords();
        List<NumberWordLanguage> chosen = new ArrayList<>();
        for (String name : names) {
            NumberWordLanguage language = name.equals(NumberWordLanguage.english().name())
                    ? NumberWordLanguage.english()
                    : languages.stream().filter(l -> l.name().equals(name)).findFirst().orElseThrow(() ->
                            new ConfigurationException("the policy " + policyId + " reads the number words of " + name
                                    + ", a language that does not ship: give it to the policy in code"));
            chosen.add(language);
        }
        return List.copyOf(chosen);
    }

    /** This document with {@code recognisers} for the kinds of its own that it names (those it had are replaced). */
    public PolicyDocument withRecognisers(List<Recogniser> recognisers) {
        return new PolicyDocument(spec, recognisers, languages);
    }

    /** This document with {@code languages} defined, for {@code partial.number_words} to name (those it had are replaced). */
    public PolicyDocument withNumberWordLanguages(List<NumberWordLanguage> languages) {
        return new PolicyDocument(spec, recognisers, languages);
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
        private @Nullable List<String> numberWords;
        private final Map<String, PartialSetting> domainPartials = new LinkedHashMap<>();
        private final Map<String, ToolPolicy> tools = new LinkedHashMap<>();
        private final List<Recogniser> recognisers = new ArrayList<>();
        private final List<NumberWordLanguage> languages = new ArrayList<>();

        private Builder() {
        }

        /** What a PARTIAL answer about {@code domain} (canonical) withholds and keeps. */
        public Builder domainPartial(String domain, PartialSetting setting) {
            domainPartials.put(Objects.requireNonNull(domain, "domain"), Objects.requireNonNull(setting, "setting"));
            return this;
        }

        /** Adds (or replaces) the tool {@code name}; the name must already be canonical. */
        public Builder tool(String name, ToolPolicy tool) {
            tools.put(Objects.requireNonNull(name, "name"), Objects.requireNonNull(tool, "tool"));
            return this;
        }

        /** The languages whose number words PARTIAL reads, by name; English unless set. */
        public Builder numberWords(List<String> languageNames) {
            this.numberWords = List.copyOf(languageNames);
            return this;
        }

        /** Adds the recogniser of a kind of the host's own, which the document's settings may name. */
        public Builder recogniser(Recogniser recogniser) {
            recognisers.add(Objects.requireNonNull(recogniser, "recogniser"));
            return this;
        }

        /** Defines a number-word language, which {@link #numberWords} may name. */
        public Builder numberWordLanguage(NumberWordLanguage language) {
            languages.add(Objects.requireNonNull(language, "language"));
            return this;
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

        /** The longest text the outbound filter reads; {@link #DEFAULT_FILTER_MAX_INPUT_CHARS} unless set. */
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
                    role.allowedDomains(), role.defaultDecision().wireName(), absentIfEmpty(role.deniedDomains()),
                    spec(role.partial()))));
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
                    filterMaxInputChars == null ? null : new PolicySpec.OutboundFilterSpec(filterMaxInputChars),
                    partialSpec(), toolSpecs())), recognisers, languages);
        }

        private @Nullable Map<String, PolicySpec.ToolSpec> toolSpecs() {
            Map<String, PolicySpec.ToolSpec> specs = new LinkedHashMap<>();
            tools.forEach((name, tool) -> specs.put(name, spec(tool)));
            return specs.isEmpty() ? null : specs;
        }

        private PolicySpec.@Nullable PartialPolicySpec partialSpec() {
            Map<String, PolicySpec.PartialSpec> domains = new LinkedHashMap<>();
            domainPartials.forEach((domain, setting) -> {
                PolicySpec.PartialSpec partial = spec(setting);
                if (partial != null) {
                    domains.put(domain, partial);
                }
            });
            if (numberWords == null && domains.isEmpty()) {
                return null;
            }
            return new PolicySpec.PartialPolicySpec(numberWords, domains.isEmpty() ? null : domains);
        }

    }
}

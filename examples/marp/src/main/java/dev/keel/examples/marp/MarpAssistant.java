package dev.keel.examples.marp;

import dev.keel.core.Decision;
import dev.keel.core.EvidenceSources;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.evidence.EvidenceItem;
import dev.keel.core.evidence.EvidenceSet;
import dev.keel.core.spi.AuditSink;
import dev.keel.core.spi.LlmBackend;
import dev.keel.examples.marp.evidence.CollectedEvidence;
import dev.keel.examples.marp.evidence.Confidence;
import dev.keel.examples.marp.evidence.ConfidenceAssessment;
import dev.keel.examples.marp.evidence.ConfidenceAssessor;
import dev.keel.examples.marp.evidence.EvidenceCollector;
import dev.keel.examples.marp.evidence.EvidenceElement;
import dev.keel.examples.marp.evidence.EvidenceRouter;
import dev.keel.examples.marp.evidence.EvidenceRoutingDecision;
import dev.keel.examples.marp.evidence.GovernedDataSource;
import dev.keel.examples.marp.evidence.ProvenanceStub;
import dev.keel.examples.marp.evidence.RegulatedKnowledgeSource;
import dev.keel.examples.marp.evidence.TransitionCalendar;
import dev.keel.examples.marp.reasoning.Commentary;
import dev.keel.examples.marp.reasoning.ExplanationBrief;
import dev.keel.examples.marp.reasoning.ExplanationBrief.Section;
import dev.keel.examples.marp.reasoning.MarpExtractiveWriter;
import dev.keel.examples.marp.reasoning.MarpReasoning;
import dev.keel.pipeline.Backends;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.StepResult;
import dev.keel.pipeline.TraceStep;
import dev.keel.pipeline.Turn;
import dev.keel.pipeline.TurnKey;
import dev.keel.pipeline.TurnOutcome;
import dev.keel.pipeline.Withheld;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.policy.RankedPassage;
import dev.keel.policy.RolePolicy;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The MARP fleet transition assistant, an application of the governed call ({@link Pipeline}) built from Keel's
 * public parts: governance → the request controller (a turn step) → routing with the internal-only safeguard →
 * evidence routed by scenario, each item labelled with its domain → one reasoning call (egress-filtered when it
 * leaves the house; the internal writer when no external model answers, recorded truthfully) → aggregation into
 * the answer's sections with a confidence assessment → the outbound filter, once → the provenance stub and one
 * audit record. Described in {@code docs/marp-example.md}.
 *
 * <p>Thread-safe once built. Each {@link #ask} is deterministic for the same evidence and backend replies.
 */
public final class MarpAssistant {

    private static final List<String> POLICY_SOURCES = List.of(MarpData.POLICY, MarpData.GOVERNANCE_KNOWLEDGE);
    private static final TurnKey<MarpRequest> REQUEST = TurnKey.of("marp_request", MarpRequest.class);
    private static final TurnKey<CollectedEvidence> EVIDENCE = TurnKey.of("marp_evidence", CollectedEvidence.class);
    private static final TurnKey<Composition> COMPOSITION = TurnKey.of("marp_composition", Composition.class);
    private static final String DENIED_SECTION = "Access denied";
    private static final String CAPABILITY_PLANNING = "capability_planning";
    private static final String TRANSITION_CALENDARS = "transition_calendars";
    private static final String BUDGET_ENVELOPES = "budget_envelopes";

    private final PolicyDocument policy;
    private final OutboundFilter outboundFilter;
    private final EvidenceRouter evidenceRouter = EvidenceRouter.create();
    private final EvidenceCollector evidenceCollector;
    private final ConfidenceAssessor confidenceAssessor = ConfidenceAssessor.expecting(List.of("A", "B"));
    private final Pipeline pipeline;

    private MarpAssistant(Builder b) {
        this.policy = Objects.requireNonNull(b.policy, "policy");
        this.outboundFilter = OutboundFilter.create(policy);
        this.evidenceCollector = EvidenceCollector.create(Objects.requireNonNull(b.regulated, "regulated knowledge"),
                Objects.requireNonNull(b.governed, "governed data"));
        Backends.Builder backends = Backends.builder().internal(b.routingTable.internalBackendTarget(),
                b.internalBackend);
        b.externalBackends.forEach(backends::external);
        this.pipeline = Pipeline.builder()
                .policy(policy)
                .policySources(POLICY_SOURCES.toArray(String[]::new))
                .principalResolver(b.principalResolver == null ? MarpData.principalResolver(policy) : b.principalResolver)
                .knowledgeRanker(KnowledgeRanker.bm25(Objects.requireNonNull(b.knowledge, "knowledge")))
                .routing(b.routingTable)
                .backends(backends.build())
                .turnStep(this::controller)
                .evidence(this::evidence)
                .reasoning(MarpReasoning.of(this::brief))
                .composer(this::compose)
                .denial(MarpAssistant::denialText)
                .auditSink(b.auditSink)
                .build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The assistant on the shipped data files, with the given external backends by target name ({@code llama},
     * {@code deepseek}) and the extractive writer as the internal backend.
     */
    public static MarpAssistant onShippedData(Map<String, ? extends LlmBackend> externalBackends) {
        return builder().policy(MarpData.policy()).knowledge(MarpData.governanceKnowledge())
                .regulatedKnowledge(MarpData.regulatedKnowledge()).governedData(MarpData.governedData())
                .externalBackends(externalBackends).build();
    }

    /**
     * Answers one question.
     *
     * @param hostPrincipal the principal the host authenticated, or null (the assistant then uses the prompt's
     *                      ROLE / CLEARANCE claim, else planner / secret)
     */
    public MarpAnswer ask(Principal hostPrincipal, String question) {
        GovernedAnswer answer = pipeline.call(GovernedRequest.of(hostPrincipal, question));
        List<TraceStep> trace = new ArrayList<>(answer.trace());
        if (answer.outcome() == TurnOutcome.DENIED) {
            return new MarpAnswer(Decision.DENY, Map.of(DENIED_SECTION, answer.text()), answer.text(), null, null,
                    List.of(), List.of(), trace);
        }
        Composition composition = answer.value(COMPOSITION).orElseThrow();
        Map<String, String> sections = composition.sections(answer.text());
        List<Map<String, Object>> redactions = composition.redactions(answer.withheld());
        Provenance provenance = answer.provenance();
        String block = ProvenanceStub.render(provenance);
        Map<String, Object> stub = ProvenanceStub.toWire(provenance);
        trace.add(new TraceStep("provenance", "stub with " + stub.size() + " fields", stub));
        List<Citation> citations = answer.decision() == Decision.ALLOW ? composition.citations().stream()
                .map(c -> new Citation(outboundFilter.apply(Decision.ALLOW, c.rendered()).text(), c.value(), c.locator()))
                .toList() : List.of();
        return new MarpAnswer(answer.decision(), sections, answer.text() + "\n\n" + block, provenance, block,
                citations, redactions, trace);
    }

    // ---- the steps ----

    /** The request controller: restates the question and chooses the subtasks. */
    private StepResult controller(Turn turn) {
        MarpRequest request = MarpRequest.of(turn.principal().orElseThrow(), turn.request().message());
        turn.put(REQUEST, request);
        turn.extension(ProvenanceStub.SUBTASKS_EXECUTED, request.subtasks());
        turn.trace("controller", request.restatedQuery(), Map.of("restated_query", request.restatedQuery(),
                "subtasks", request.subtasks(), "scenario", evidenceRouter.route(turn.request().message()).scenario().tag()));
        return StepResult.proceed();
    }

    /** Reads what the scenario calls for, labelling each item with the data domain it belongs to. */
    private EvidenceSet evidence(Turn turn) {
        EvidenceRoutingDecision routing = evidenceRouter.route(turn.request().message());
        CollectedEvidence evidence = evidenceCollector.collect(routing);
        turn.put(EVIDENCE, evidence);
        turn.extension(ProvenanceStub.EVIDENCE_ROUTING, routing.reason());
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("route", routing.route().name().toLowerCase(Locale.ROOT));
        details.put("reason", routing.reason());
        details.put("regulated_knowledge", evidence.regulated().source());
        details.put("governed_data", evidence.governed().map(g -> (Object) g.source()).orElse("not read"));
        turn.trace("evidence", routing.reason() + ": " + sourcesLine(evidence.sources(POLICY_SOURCES)), details);
        List<EvidenceItem> items = new ArrayList<>();
        evidence.regulated().thresholds().forEach(t -> items.add(new EvidenceItem("regulated_knowledge",
                CAPABILITY_PLANNING, t.locator(), t.description())));
        for (TransitionCalendar calendar : evidence.regulated().calendars()) {
            items.add(new EvidenceItem("regulated_knowledge", TRANSITION_CALENDARS, calendar.locator(),
                    calendar.description()));
            items.add(new EvidenceItem("regulated_knowledge", BUDGET_ENVELOPES, calendar.budget().locator(),
                    calendar.budget().profile()));
        }
        evidence.governed().ifPresent(data -> data.rows().forEach(row -> {
            items.add(new EvidenceItem("governed_data", CAPABILITY_PLANNING, row.locator(), ""));
            items.add(new EvidenceItem("governed_data", BUDGET_ENVELOPES, row.locator().child("budget_committed"), ""));
        }));
        return EvidenceSet.of(items);
    }

    /**
     * The evidence the reasoning request carries: only what the requester may see, no figures under PARTIAL. The
     * user's question is not written into it: the request sends the user's own message.
     */
    private ExplanationBrief brief(Turn turn) {
        Principal principal = turn.principal().orElseThrow();
        Decision decision = turn.decision();
        MarpRequest request = turn.get(REQUEST).orElseThrow();
        CollectedEvidence evidence = turn.get(EVIDENCE).orElseThrow();
        RoutingDecision route = turn.route().orElseThrow();
        boolean figures = decision == Decision.ALLOW;
        ExplanationBrief.Builder brief = ExplanationBrief.builder().principal(principal).decision(decision)
                .scenarioLabel(request.scenarioLabel()).reasoningMode(route.reasoningMode())
                .topSecretInternalOnly(route.internalOnly()).requestId(turn.requestId());
        // Each kind of evidence is sent labelled with the domains of the items it is read from (see evidence()).
        brief.domains(Section.CONSTRAINTS, Set.of(CAPABILITY_PLANNING))
                .domains(Section.BUDGET, Set.of(BUDGET_ENVELOPES))
                .domains(Section.CALENDARS, figures ? Set.of(TRANSITION_CALENDARS)
                        : Set.of(TRANSITION_CALENDARS, BUDGET_ENVELOPES))
                .domains(Section.WEEKLY_BEHAVIOUR, Set.of(CAPABILITY_PLANNING));
        // The seed's constraints: capability, crew and spares thresholds, each calendar's dock limits and budget.
        if (figures) {
            evidence.regulated().thresholds().forEach(t -> brief.addConstraint(t.description()));
        } else {
            brief.addConstraint("Keep capability above its floor in every week.");
            brief.addConstraint("Keep crew readiness and spares coverage above their floors.");
        }
        for (TransitionCalendar calendar : evidence.regulated().calendars()) {
            brief.addConstraint(figures ? calendar.name() + ": dock utilisation between "
                    + percent(calendar.dockUtilisationRange().min()) + " and "
                    + percent(calendar.dockUtilisationRange().max()) + " of capacity."
                    : calendar.name() + ": stay within the dock capacity.");
            brief.addBudget(figures ? calendar.name() + ": budget envelope "
                    + calendar.budget().amount().stripTrailingZeros().toPlainString() + " "
                    + calendar.budget().currency() + ", " + calendar.budget().profile() + " profile."
                    : calendar.name() + ": " + calendar.budget().profile() + " budget, within its envelope.");
        }
        for (TransitionCalendar calendar : evidence.regulated().calendars()) {
            brief.calendar(calendar.name(), figures ? calendar.description() + " Bottlenecks: "
                    + calendar.bottlenecks().stream().map(b -> b.description()).collect(Collectors.joining(" "))
                    : calendar.budget().profile() + " budget; bottlenecks on " + calendar.bottlenecks().stream()
                    .map(b -> b.resource()).distinct().collect(Collectors.joining(" and ")) + "; policy flags: "
                    + calendar.policyFlags().stream().map(f -> AnswerWriter.humanise(f.id()))
                    .collect(Collectors.joining(", ")));
        }
        if (figures) {
            evidence.governed().ifPresent(governed -> evidence.regulated().calendars().forEach(calendar ->
                    governed.rowsFor(calendar.id()).stream()
                            .min(Comparator.comparing(row -> row.capability()))
                            .ifPresent(low -> brief.addWeeklyBehaviour(calendar.name() + ": lowest capability "
                                    + low.capability() + " in week " + low.week()))));
        }
        return brief.build();
    }

    private static String percent(java.math.BigDecimal fraction) {
        return fraction.movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    /** The answer's sections, written from the evidence; the commentary goes into the summary, marked as such. */
    private String compose(Turn turn, String draft, Provenance provenance) {
        Principal principal = turn.principal().orElseThrow();
        Decision decision = turn.decision();
        MarpRequest request = turn.get(REQUEST).orElseThrow();
        CollectedEvidence evidence = turn.get(EVIDENCE).orElseThrow();
        RoutingDecision route = turn.route().orElseThrow();
        Commentary commentary = turn.get(MarpReasoning.COMMENTARY).orElseThrow();
        GovernanceBundle bundle = turn.governance();
        turn.extension(ProvenanceStub.COMMENTARY_CONTRACT, commentary.contractWire());
        turn.auditDetail(ProvenanceStub.COMMENTARY_CONTRACT, commentary.contractWire());

        ConfidenceAssessment assessment = confidenceAssessor.assess(evidence,
                EvidenceElement.requestedBy(request.subtasks(), evidence.routing()));
        turn.trace("confidence", assessment.confidence().level().wireName(),
                Map.of("rationale", turn.filtered(assessment.confidence().rationale())));
        // The stub is appended to the answer: its free text obeys the decision too.
        turn.extension(ProvenanceStub.CONFIDENCE, ProvenanceStub.confidenceWire(new Confidence(
                assessment.confidence().level(), turn.filtered(assessment.confidence().rationale()))));

        List<String> rationale = bundle.rationale().stream().map(RankedPassage::passage).map(p -> p.text()).toList();
        String restriction = decision == Decision.PARTIAL ? restriction(principal, bundle, turn.evidence()) : null;
        AnswerWriter writer = new AnswerWriter(decision, evidence);
        Map<String, String> draftSections = new LinkedHashMap<>();
        draftSections.put(AnswerWriter.SUMMARY, writer.summary(request, restriction) + "\n\n"
                + commentaryParagraph(route, commentary));
        draftSections.put(AnswerWriter.CALENDAR_A, writer.calendarSection("A", false));
        draftSections.put(AnswerWriter.CALENDAR_B, writer.calendarSection("B", true));
        draftSections.put(AnswerWriter.POLICY, writer.policySection(rationale, restriction));
        if (request.subtasks().contains(MarpRequest.AUDITOR_SUBTASK)) {
            draftSections.put(AnswerWriter.TRACEABILITY, writer.traceability(bundle, decision, route.toWire(),
                    commentary));
        }
        Composition composition = Composition.of(draftSections, writer.citations());
        turn.put(COMPOSITION, composition);
        return composition.text();
    }

    private static String denialText(GovernanceBundle bundle) {
        StringBuilder text = new StringBuilder("Access denied: ").append(denialReason(bundle)).append('.');
        for (RankedPassage passage : bundle.rationale()) {
            text.append("\n\n").append(passage.passage().text());
        }
        return text.toString();
    }

    private static String denialReason(GovernanceBundle bundle) {
        if (bundle.reasonCodes().contains("principal_missing")) {
            return "no authenticated principal was supplied";
        }
        if (bundle.reasonCodes().contains("role_unknown")) {
            return "the role is not known to the MARP policy";
        }
        if (bundle.reasonCodes().contains("clearance_not_allowed")) {
            return "the clearance is not allowed for this role";
        }
        return "the policy does not allow this request (" + bundle.reasonCodes().values().stream()
                .map(code -> code.replace('_', ' ')).collect(Collectors.joining(", ")) + ")";
    }

    /** Why the answer is qualitative: the domains of the request and of its evidence the role may not see in full. */
    private String restriction(Principal principal, GovernanceBundle bundle, EvidenceSet evidence) {
        Set<String> restricted = new LinkedHashSet<>(bundle.policyDecision().restrictedDomains());
        policy.role(principal.role()).map(RolePolicy::allowedDomains).ifPresent(allowed -> evidence.domains().stream()
                .filter(domain -> !allowed.contains(domain)).forEach(restricted::add));
        return "This answer is qualitative: the policy gives the " + principal.role() + " role a partial view"
                + (restricted.isEmpty() ? "" : " (outside its domains: " + restricted.stream()
                .map(AnswerWriter::humanise).collect(Collectors.joining(", ")) + ")")
                + ", so explicit figures, dates and calendar details are withheld.";
    }

    private static String commentaryParagraph(RoutingDecision route, Commentary commentary) {
        StringBuilder text = new StringBuilder("Commentary (").append(route.routerSelectedLlm()).append(", ")
                .append(AnswerWriter.humanise(route.reasoningMode()));
        if (!commentary.kept()) {
            return text.append("): withheld. ").append(commentary.text().strip()).toString();
        }
        text.append("; written by ").append(commentary.backendUsed()).append("; explanation, not evidence):\n")
                .append(commentary.text().strip());
        if (!commentary.consistentWithEvidence()) {
            text.append("\n\nNote: the commentary states figures that are not in the evidence; where it differs, ")
                    .append("the evidence above prevails.");
        }
        return text.toString();
    }

    /** The trace's one-line account of the sources read, in the form the demo has always printed. */
    private static String sourcesLine(EvidenceSources sources) {
        return "EvidenceSources[policy=" + sources.of("policy") + ", regulatedKnowledge="
                + sources.of("regulated_knowledge") + ", governedData=" + sources.of("governed_data") + "]";
    }

    /**
     * The composed answer: its sections in order, where each body stands in the composed text, and the figures the
     * writer cited. Immutable and thread-safe.
     */
    private record Composition(List<String> headings, List<int[]> bodies, String text, List<Citation> citations) {

        static Composition of(Map<String, String> sections, List<Citation> citations) {
            StringBuilder text = new StringBuilder();
            List<String> headings = new ArrayList<>();
            List<int[]> bodies = new ArrayList<>();
            sections.forEach((heading, body) -> {
                if (text.length() > 0) {
                    text.append("\n\n");
                }
                text.append("## ").append(heading).append("\n\n");
                headings.add(heading);
                bodies.add(new int[] {text.length(), text.length() + body.length()});
                text.append(body);
            });
            return new Composition(List.copyOf(headings), List.copyOf(bodies), text.toString(), List.copyOf(citations));
        }

        /** The filtered text's sections, by heading. */
        Map<String, String> sections(String filtered) {
            Map<String, String> sections = new LinkedHashMap<>();
            for (int i = 0; i < headings.size(); i++) {
                String marker = "## " + headings.get(i) + "\n\n";
                int start = filtered.indexOf(marker);
                int next = i + 1 < headings.size() ? filtered.indexOf("\n\n## " + headings.get(i + 1) + "\n\n", start)
                        : filtered.length();
                if (start >= 0 && next >= start) {
                    sections.put(headings.get(i), filtered.substring(start + marker.length(), next));
                }
            }
            return sections;
        }

        /** What was withheld, by section, with places relative to the section's body. */
        List<Map<String, Object>> redactions(List<Withheld> withheld) {
            List<Map<String, Object>> redactions = new ArrayList<>();
            for (Withheld item : withheld) {
                for (int i = 0; i < headings.size(); i++) {
                    int[] body = bodies.get(i);
                    if (item.start() >= body[0] && item.start() < body[1]) {
                        Map<String, Object> wire = new LinkedHashMap<>();
                        wire.put("section", headings.get(i));
                        wire.put("kind", item.kind());
                        wire.put("start", item.start() - body[0]);
                        wire.put("end", Math.min(item.end(), body[1]) - body[0]);
                        wire.put("replacement", item.replacement());
                        redactions.add(wire);
                    }
                }
            }
            return redactions;
        }
    }

    /** Configures a {@link MarpAssistant}; not thread-safe. */
    public static final class Builder {
        private PolicyDocument policy;
        private GovernanceKnowledge knowledge;
        private PrincipalResolver principalResolver;
        private RegulatedKnowledgeSource regulated;
        private GovernedDataSource governed;
        private RoutingTable routingTable = MarpData.routingTable();
        private Map<String, ? extends LlmBackend> externalBackends = Map.of();
        private LlmBackend internalBackend = MarpExtractiveWriter.create();
        private AuditSink auditSink = AuditSink.noop();

        private Builder() {
        }

        public Builder policy(PolicyDocument policy) {
            this.policy = policy;
            return this;
        }

        public Builder knowledge(GovernanceKnowledge knowledge) {
            this.knowledge = knowledge;
            return this;
        }

        /** How prompt claims of ROLE / CLEARANCE are treated; {@link MarpData#principalResolver} by default. */
        public Builder principalResolver(PrincipalResolver resolver) {
            this.principalResolver = resolver;
            return this;
        }

        public Builder regulatedKnowledge(RegulatedKnowledgeSource source) {
            this.regulated = source;
            return this;
        }

        public Builder governedData(GovernedDataSource source) {
            this.governed = source;
            return this;
        }

        /** The routing table; {@link MarpData#routingTable()} (with the auditor override) by default. */
        public Builder routingTable(RoutingTable table) {
            this.routingTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** External backends by target name ({@code llama}, {@code deepseek}). */
        public Builder externalBackends(Map<String, ? extends LlmBackend> backends) {
            this.externalBackends = Map.copyOf(backends);
            return this;
        }

        /** The internal backend ({@code internal_chatgpt}); the extractive writer by default. */
        public Builder internalBackend(LlmBackend backend) {
            this.internalBackend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        /** Where every call's audit record goes; nowhere by default. */
        public Builder auditSink(AuditSink sink) {
            this.auditSink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        public MarpAssistant build() {
            return new MarpAssistant(this);
        }
    }
}

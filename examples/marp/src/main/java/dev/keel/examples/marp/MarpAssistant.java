package dev.keel.examples.marp;

import dev.keel.core.Decision;
import dev.keel.core.EvidenceSources;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.spi.LlmBackend;
import dev.keel.examples.marp.evidence.CollectedEvidence;
import dev.keel.examples.marp.evidence.ConfidenceAssessment;
import dev.keel.examples.marp.evidence.ConfidenceAssessor;
import dev.keel.examples.marp.evidence.EvidenceCollector;
import dev.keel.examples.marp.evidence.EvidenceElement;
import dev.keel.examples.marp.evidence.EvidenceRouter;
import dev.keel.examples.marp.evidence.EvidenceRoutingDecision;
import dev.keel.examples.marp.evidence.GovernedDataSource;
import dev.keel.examples.marp.evidence.Confidence;
import dev.keel.examples.marp.evidence.ProvenanceStub;
import dev.keel.examples.marp.evidence.RegulatedKnowledgeSource;
import dev.keel.examples.marp.evidence.TransitionCalendar;
import dev.keel.examples.marp.reasoning.Commentary;
import dev.keel.examples.marp.reasoning.ExplanationBrief;
import dev.keel.examples.marp.reasoning.MarpExtractiveWriter;
import dev.keel.examples.marp.reasoning.ReasoningPath;
import dev.keel.policy.FilteredText;
import dev.keel.policy.GovernanceBundle;
import dev.keel.policy.GovernanceKnowledge;
import dev.keel.policy.GovernancePlane;
import dev.keel.policy.KnowledgeRanker;
import dev.keel.policy.OutboundFilter;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.PrincipalResolver;
import dev.keel.policy.RankedPassage;
import dev.keel.policy.Redaction;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The MARP fleet transition assistant of seed 000, wired from Keel's public parts only:
 * governance plane (§2) → request controller (§3.1–§3.2) → evidence routed by scenario (§3.3) → routing index with
 * the top-secret safeguard (§3.4) → one reasoning call (§3.5; the internal backend when no external one answers,
 * recorded truthfully) → aggregation into the canonical sections (§4.1) with a confidence assessment (§4.2) →
 * outbound filter (§4.3) → {@code provenance_stub} (§5).
 *
 * <p>Thread-safe once built. Each {@link #ask} is deterministic for the same evidence and backend replies.
 */
public final class MarpAssistant {

    private static final List<String> POLICY_SOURCES = List.of(MarpData.POLICY, MarpData.GOVERNANCE_KNOWLEDGE);

    private final GovernancePlane governance;
    private final OutboundFilter outboundFilter;
    private final EvidenceRouter evidenceRouter;
    private final EvidenceCollector evidenceCollector;
    private final ConfidenceAssessor confidenceAssessor;
    private final RoutingIndex routing;
    private final ReasoningPath reasoning;

    private MarpAssistant(Builder b) {
        PolicyDocument policy = Objects.requireNonNull(b.policy, "policy");
        this.governance = GovernancePlane.builder().policy(policy)
                .principalResolver(b.principalResolver == null ? MarpData.principalResolver(policy) : b.principalResolver)
                .knowledgeRanker(KnowledgeRanker.bm25(Objects.requireNonNull(b.knowledge, "knowledge")))
                .build();
        this.outboundFilter = OutboundFilter.create(policy);
        this.evidenceRouter = EvidenceRouter.create();
        this.evidenceCollector = EvidenceCollector.create(Objects.requireNonNull(b.regulated, "regulated knowledge"),
                Objects.requireNonNull(b.governed, "governed data"));
        this.confidenceAssessor = ConfidenceAssessor.expecting(List.of("A", "B"));
        this.routing = RoutingIndex.create(b.routingTable);
        this.reasoning = ReasoningPath.create(b.externalBackends, b.internalBackend);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The assistant on the shipped data files, with the given external backends by target name ({@code llama},
     * {@code deepseek}) and the embedded extractive writer as the internal backend.
     */
    public static MarpAssistant onShippedData(Map<String, ? extends LlmBackend> externalBackends) {
        return builder().policy(MarpData.policy()).knowledge(MarpData.governanceKnowledge())
                .regulatedKnowledge(MarpData.regulatedKnowledge()).governedData(MarpData.governedData())
                .externalBackends(externalBackends).build();
    }

    /**
     * Answers one question.
     *
     * @param hostPrincipal the principal the host authenticated, or null (the MARP configuration then uses the
     *                      prompt's ROLE / CLEARANCE claim, else planner / secret, as seed 000 §2.1 says)
     */
    public MarpAnswer ask(Principal hostPrincipal, String question) {
        List<TraceStep> trace = new ArrayList<>();
        GovernanceBundle bundle = governance.assess(hostPrincipal, question);
        Decision decision = bundle.decision();
        List<String> rationale = bundle.rationale().stream().map(RankedPassage::passage).map(p -> p.text())
                .collect(Collectors.toList());
        trace.add(new TraceStep("governance", decision.wireName() + " for " + bundle.principal()
                .map(p -> p.role() + " / " + p.clearance()).orElse("no principal") + ", domains " + bundle.domains(),
                bundle.toWire()));
        if (decision == Decision.DENY) {
            return denied(bundle, rationale, trace);
        }
        Principal principal = bundle.principal().orElseThrow();

        MarpRequest request = MarpRequest.of(principal, question);
        EvidenceRoutingDecision evidenceRouting = evidenceRouter.route(question);
        trace.add(new TraceStep("controller", request.restatedQuery(), Map.of(
                "restated_query", request.restatedQuery(), "subtasks", request.subtasks(),
                "scenario", evidenceRouting.scenario().tag())));

        CollectedEvidence evidence = evidenceCollector.collect(evidenceRouting);
        trace.add(new TraceStep("evidence", evidenceRouting.reason() + ": " + sourcesLine(evidence.sources(POLICY_SOURCES)),
                Map.of("route", evidenceRouting.route().name().toLowerCase(java.util.Locale.ROOT),
                        "reason", evidenceRouting.reason(),
                        "regulated_knowledge", evidence.regulated().source(),
                        "governed_data", evidence.governed().map(g -> (Object) g.source()).orElse("not read"))));

        RoutingDecision route = routing.route(RoutingRequest.builder().role(principal.role())
                .clearance(principal.clearance()).prompt(question).build());
        trace.add(new TraceStep("routing", "index " + route.index() + " -> " + route.routerSelectedLlm() + " / "
                + route.backendTarget() + (route.topSecretInternalOnly() ? " (top secret: internal only)" : ""),
                route.toWire()));

        Commentary commentary = reasoning.explain(route.backendTarget(),
                brief(principal, decision, request, evidence, route, question));
        String usedReason = commentary.backendUsedReason().orElse(
                commentary.backendUsed().equals(commentary.backendTarget()) ? null
                        : "no model is configured for " + commentary.backendTarget() + "; the "
                        + commentary.backendUsed() + " writer answered");
        trace.add(new TraceStep("reasoning", "target " + commentary.backendTarget() + ", answered by "
                + commentary.backendUsed() + (usedReason == null ? "" : " (" + usedReason + ")"), commentary.toWire()));

        ConfidenceAssessment assessment = confidenceAssessor.assess(evidence,
                EvidenceElement.requestedBy(request.subtasks(), evidenceRouting));
        trace.add(new TraceStep("confidence", assessment.confidence().level().wireName(),
                Map.of("rationale", assessment.confidence().rationale())));

        String restriction = decision == Decision.PARTIAL ? restriction(principal, bundle) : null;
        AnswerWriter writer = new AnswerWriter(decision, evidence);
        Map<String, String> draft = new LinkedHashMap<>();
        draft.put(AnswerWriter.SUMMARY, writer.summary(request, restriction) + "\n\n" + commentaryParagraph(route, commentary));
        draft.put(AnswerWriter.CALENDAR_A, writer.calendarSection("A", false));
        draft.put(AnswerWriter.CALENDAR_B, writer.calendarSection("B", true));
        draft.put(AnswerWriter.POLICY, writer.policySection(rationale, restriction));
        if (request.subtasks().contains(MarpRequest.AUDITOR_SUBTASK)) {
            draft.put(AnswerWriter.TRACEABILITY, writer.traceability(bundle.toWire(), route.toWire(),
                    commentary.backendUsed()));
        }

        Map<String, String> sections = new LinkedHashMap<>();
        List<Map<String, Object>> redactions = new ArrayList<>();
        draft.forEach((heading, body) -> {
            FilteredText filtered = outboundFilter.apply(decision, body);
            sections.put(heading, filtered.text());
            filtered.redactions().forEach(r -> redactions.add(redaction(heading, r)));
        });
        trace.add(new TraceStep("outbound_filter", redactions.size() + " redaction(s) under " + decision.wireName(),
                Map.of("redactions", redactions)));

        // The stub is appended to the answer, so under PARTIAL its free text obeys the filter too.
        String confidenceRationale = outboundFilter.apply(decision, assessment.confidence().rationale()).text();
        Provenance.Builder stub = Provenance.builder();
        bundle.applyTo(stub);
        route.applyTo(stub);
        commentary.applyTo(stub);
        ProvenanceStub.withEvidence(stub, POLICY_SOURCES, evidence, assessment)
                .backendUsedReason(usedReason)
                .extension(ProvenanceStub.SUBTASKS_EXECUTED, request.subtasks());
        ProvenanceStub.confidence(stub, new Confidence(assessment.confidence().level(), confidenceRationale));
        Provenance provenance = stub.build();
        String block = ProvenanceStub.render(provenance);
        Map<String, Object> stubWire = ProvenanceStub.toWire(provenance);
        trace.add(new TraceStep("provenance", "stub with " + stubWire.size() + " fields", stubWire));

        return new MarpAnswer(decision, sections, render(sections) + "\n\n" + block, provenance, block,
                decision == Decision.ALLOW ? writer.citations() : List.of(), redactions, trace);
    }

    /** The trace's one-line account of the sources read, in the form the demo has always printed. */
    private static String sourcesLine(EvidenceSources sources) {
        return "EvidenceSources[policy=" + sources.of("policy") + ", regulatedKnowledge="
                + sources.of("regulated_knowledge") + ", governedData=" + sources.of("governed_data") + "]";
    }

    private MarpAnswer denied(GovernanceBundle bundle, List<String> rationale, List<TraceStep> trace) {
        StringBuilder text = new StringBuilder("Access denied: ").append(denialReason(bundle)).append('.');
        for (String passage : rationale) {
            text.append("\n\n").append(passage);
        }
        // Rationale passages are governance text, but a denial must not carry a single figure: filter as PARTIAL.
        FilteredText filtered = outboundFilter.apply(Decision.PARTIAL, text.toString());
        Map<String, String> sections = Map.of("Access denied", filtered.text());
        return new MarpAnswer(Decision.DENY, sections, filtered.text(), null, null, List.of(), List.of(), trace);
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

    private static String restriction(Principal principal, GovernanceBundle bundle) {
        List<String> restricted = bundle.policyDecision().restrictedDomains();
        return "This answer is qualitative: the policy gives the " + principal.role() + " role a partial view"
                + (restricted.isEmpty() ? "" : " (outside its domains: " + restricted.stream()
                .map(AnswerWriter::humanise).collect(Collectors.joining(", ")) + ")")
                + ", so explicit figures, dates and calendar details are withheld.";
    }

    private static String commentaryParagraph(RoutingDecision route, Commentary commentary) {
        StringBuilder text = new StringBuilder("Commentary (").append(route.routerSelectedLlm()).append(", ")
                .append(AnswerWriter.humanise(route.reasoningMode())).append("; written by ")
                .append(commentary.backendUsed()).append("; explanation, not evidence):\n")
                .append(commentary.text().strip());
        if (!commentary.consistentWithEvidence()) {
            text.append("\n\nNote: the commentary states figures that are not in the evidence; where it differs, ")
                    .append("the evidence above prevails.");
        }
        return text.toString();
    }

    /** The reasoning prompt carries only what the requester may see: no figures under PARTIAL. */
    private static ExplanationBrief brief(Principal principal, Decision decision, MarpRequest request,
                                          CollectedEvidence evidence, RoutingDecision route, String question) {
        boolean figures = decision == Decision.ALLOW;
        ExplanationBrief.Builder brief = ExplanationBrief.builder().principal(principal).decision(decision)
                .scenarioLabel(request.scenarioLabel()).reasoningMode(route.reasoningMode())
                .topSecretInternalOnly(route.topSecretInternalOnly());
        if (figures) {
            brief.question(question);
            evidence.regulated().thresholds().forEach(t -> brief.addConstraint(t.description()));
        } else {
            brief.question(request.scenarioLabel().replaceAll("\\S*\\d\\S*", "").strip());
            brief.addConstraint("Keep capability above its floor; respect dock, crew, spares and budget limits.");
        }
        for (TransitionCalendar calendar : evidence.regulated().calendars()) {
            brief.calendar(calendar.name(), figures ? calendar.description() + " Bottlenecks: "
                    + calendar.bottlenecks().stream().map(b -> b.description()).collect(Collectors.joining(" "))
                    : calendar.budget().profile() + " budget; bottlenecks on " + calendar.bottlenecks().stream()
                    .map(b -> b.resource()).distinct().collect(Collectors.joining(" and ")) + "; policy flags: "
                    + calendar.policyFlags().stream().map(f -> AnswerWriter.humanise(f.id())).collect(Collectors.joining(", ")));
        }
        if (figures) {
            evidence.governed().ifPresent(governed -> evidence.regulated().calendars().forEach(calendar ->
                    governed.rowsFor(calendar.id()).stream()
                            .min(java.util.Comparator.comparing(row -> row.capability()))
                            .ifPresent(low -> brief.addWeeklyBehaviour(calendar.name() + ": lowest capability "
                                    + low.capability() + " in week " + low.week()))));
        }
        return brief.build();
    }

    private static Map<String, Object> redaction(String section, Redaction redaction) {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("section", section);
        wire.put("kind", redaction.kind());
        wire.put("start", redaction.start());
        wire.put("end", redaction.end());
        wire.put("replacement", redaction.replacement());
        return wire;
    }

    private static String render(Map<String, String> sections) {
        StringBuilder text = new StringBuilder();
        sections.forEach((heading, body) -> {
            if (text.length() > 0) {
                text.append("\n\n");
            }
            text.append("## ").append(heading).append("\n\n").append(body);
        });
        return text.toString();
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

        /** How prompt claims of ROLE / CLEARANCE are treated; the seed's MARP behaviour by default. */
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

        /** The routing table; the seed's table with the auditor override (§3.4.4) by default. */
        public Builder routingTable(RoutingTable table) {
            this.routingTable = Objects.requireNonNull(table, "table");
            return this;
        }

        /** External backends by target name ({@code llama}, {@code deepseek}). */
        public Builder externalBackends(Map<String, ? extends LlmBackend> backends) {
            this.externalBackends = Map.copyOf(backends);
            return this;
        }

        /** The internal backend ({@code internal_chatgpt}); the embedded extractive writer by default. */
        public Builder internalBackend(LlmBackend backend) {
            this.internalBackend = Objects.requireNonNull(backend, "backend");
            return this;
        }

        public MarpAssistant build() {
            return new MarpAssistant(this);
        }
    }
}

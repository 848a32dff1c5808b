package dev.keel.examples.marp;

import static dev.keel.test.KeelAssertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.keel.core.Decision;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.examples.marp.evidence.GovernedData;
import dev.keel.examples.marp.evidence.GovernedDataSource;
import dev.keel.reading.OutboundFilter;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingRequest;
import dev.keel.test.core.ScriptedBackend;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The assistant end to end on the shipped data, with scripted backends in place of Ollama. */
class MarpAssistantTest {

    /** A test double over the shipped governed data that records how often it is read. */
    static final class RecordingGovernedData implements GovernedDataSource {
        final GovernedDataSource shipped = MarpData.governedData();
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public String name() {
            return shipped.name();
        }

        @Override
        public GovernedData read() {
            reads.incrementAndGet();
            return shipped.read();
        }
    }

    private final ScriptedBackend llama = external("llama");
    private final ScriptedBackend deepseek = external("deepseek");
    private final RecordingGovernedData governed = new RecordingGovernedData();
    private final InMemoryAuditSink audit = new InMemoryAuditSink();
    private final MarpAssistant assistant = MarpAssistant.builder()
            .policy(MarpData.policy()).knowledge(MarpData.governanceKnowledge())
            .regulatedKnowledge(MarpData.regulatedKnowledge()).governedData(governed)
            .externalBackends(Map.of("llama", llama, "deepseek", deepseek))
            .auditSink(audit)
            .build();

    /** The value of {@code name} in a JSON part holding an object; null otherwise. */
    private static Object member(Part part, String name) {
        return part instanceof Part.Json json && json.value() instanceof Map<?, ?> map ? map.get(name) : null;
    }

    /** An external Ollama backend's stand-in, replying with a fixed commentary that keeps the contract. */
    private static ScriptedBackend external(String id) {
        return ScriptedBackend.answering(id, request -> "{\"comparison\": \"External commentary from " + id
                + ": Calendar A trades budget for margin.\", \"calendars\": [{\"calendar\": \"Transition Calendar A\","
                + " \"trade_offs\": \"More margin.\"}, {\"calendar\": \"Transition Calendar B\", \"trade_offs\":"
                + " \"Less margin.\"}]}");
    }
    private final JsonCodec codec = JsonCodec.strict();

    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    private int externalCalls() {
        return llama.requests().size() + deepseek.requests().size();
    }

    // ---- ALLOW ----

    @Test
    void plannerGetsFiguresAndEveryNumberIsFoundInTheEvidenceItCites() {
        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"),
                "SCENARIO 3: retire two boats in Q3-Q4 while keeping capability above threshold; dock, crew, spares and budget");

        assertThat(answer.decision()).isEqualTo(Decision.ALLOW);
        assertThat(answer.citations()).isNotEmpty();
        assertThat(answer.text()).contains("84%", "120 MEUR", "Weekly figures");

        // Every cited figure or quote is what the raw file holds at its locator (a quote as the ALLOW filter leaves it).
        EvidenceFiles files = new EvidenceFiles();
        OutboundFilter filter = OutboundFilter.create(MarpData.policy());
        for (Citation citation : answer.citations()) {
            if (citation.isQuote()) {
                assertThat(filter.apply(Decision.ALLOW, files.text(citation.locator())).text()).as(citation.locator())
                        .isEqualTo(citation.rendered());
            } else {
                assertThat(files.number(citation.locator())).as(citation.locator()).isEqualByComparingTo(citation.value());
            }
        }
        // Every number in the evidence sections is one that a citation states.
        List<String> cited = new ArrayList<>();
        answer.citations().forEach(c -> numbers(c.rendered()).forEach(cited::add));
        for (Map.Entry<String, String> section : answer.sections().entrySet()) {
            String body = evidenceOnly(section.getValue());
            for (String number : numbers(body)) {
                assertThat(cited).as("number %s in section %s", number, section.getKey()).contains(number);
            }
        }
    }

    @Test
    void allowStillHonoursTheQualitativeRestrictions() {
        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), "SCENARIO 3: compare the calendars for retiring two boats");

        assertThat(answer.text()).doesNotContain("S-112").doesNotContain("Northyard").doesNotContain("62% goes to");
        assertThat(answer.redactions()).extracting(r -> r.get("kind")).contains("no_unit_level_ids", "no_vendor_breakdowns");
    }

    // ---- PARTIAL ----

    @Test
    void guestGetsAQualitativeComparisonWithoutDigitsDatesQuartersOrWeeks() {
        MarpAnswer answer = assistant.ask(Principal.of("guest", "unclassified"),
                "Compare transition calendars A and B for retiring two boats in Q3-Q4, week by week, by 14 March");

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        String text = answer.text();
        assertThat(text).doesNotContainPattern("\\p{N}");
        assertThat(text).doesNotContainPattern("(?i)\\bQ[1-4]\\b").doesNotContainPattern("(?i)\\bweeks? \\d")
                .doesNotContainPattern("(?i)\\b(January|February|March|April|June|July|August|September|October|November|December)\\b");
        assertThat(answer.sections().get("Transition Calendar B (with comparison to A)"))
                .contains("Compared with A:").contains("closer to the floor").contains("uncertainty band");
        assertThat(answer.sections().get("Summary")).contains("qualitative");
        assertThat(answer.citations()).isEmpty();
    }

    // ---- DENY ----

    @Test
    void unknownRoleIsDeniedWithAShortRationaleAndNothingElse() {
        MarpAnswer answer = assistant.ask(Principal.of("contractor", "secret"),
                "SCENARIO 3: weekly capability of Calendar A and Calendar B for retiring two boats");

        assertThat(answer.decision()).isEqualTo(Decision.DENY);
        assertThat(answer.text()).startsWith("Access denied").doesNotContainPattern("\\p{N}")
                .doesNotContain("Calendar A").doesNotContain("Calendar B").doesNotContain("provenance_stub");
        assertThat(answer.text()).contains("role is not listed in the policy is denied");
        assertThat(answer.provenance()).isEmpty();
        assertThat(externalCalls()).isZero();
        assertThat(governed.reads.get()).isZero();
        assertThat(audit).singleRecord().hasPayloadEntry("outcome", "denied").hasPayloadEntry("decision", "DENY");
    }

    // ---- routing ----

    @Test
    void topSecretInThePromptKeepsTheRequestInternal() {
        for (String prompt : List.of("SCENARIO 2: TOP SECRET compare the calendars for retiring two boats",
                "SCENARIO 2: this is top-secret, compare the calendars", "scenario 2: Top_Secret calendars compare")) {
            MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), prompt);

            assertThat(answer.provenance().orElseThrow().extension("internal_only")).as(prompt).isEqualTo(true);
            assertThat(answer.provenance().orElseThrow().backendTarget()).isEqualTo("internal_chatgpt");
        }
        assertThat(externalCalls()).isZero();
    }

    @Test
    void topSecretClearanceKeepsTheRequestInternal() {
        MarpAnswer answer = assistant.ask(Principal.of("planner", "top_secret"), "SCENARIO 3: compare the calendars for retiring two boats");

        assertThat(answer.provenance().orElseThrow().extension("internal_only")).isEqualTo(true);
        assertThat(externalCalls()).isZero();
    }

    @Test
    void anExternalRouteMakesExactlyOneCallAndTheReplyIsCommentary() {
        String prompt = externallyRoutedPrompt();

        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), prompt);

        assertThat(externalCalls()).isEqualTo(1);
        String target = answer.provenance().orElseThrow().backendTarget();
        assertThat(target).isIn("llama", "deepseek");
        assertThat(answer.provenance().orElseThrow().backendUsed()).isEqualTo(target);
        assertThat(answer.sections().get("Summary")).contains("Commentary (").contains("explanation, not evidence")
                .contains("External commentary from " + target);
        assertThat(target.equals("llama") ? llama : deepseek).receivedRequests(1)
                .everyRequestContains("planner", "Transition Calendar A", "Transition Calendar B");
    }

    @Test
    void theExternalModelIsSentInstructionsTheEvidenceAsLabelledValuesAndTheUsersOwnMessage() {
        String prompt = externallyRoutedPrompt();

        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), prompt);

        ChatRequest sent = (answer.provenance().orElseThrow().backendTarget().equals("llama") ? llama : deepseek)
                .requests().get(0);
        assertThat(sent.messages()).extracting(ChatMessage::role).containsExactly(ChatRole.SYSTEM, ChatRole.USER);
        List<Part> system = sent.messages().get(0).parts();
        assertThat(system.get(0)).isInstanceOf(Part.Text.class);
        assertThat(system.get(0).rendered()).contains("- Compare the calendars.").doesNotContain(prompt)
                .doesNotContain("Transition Calendar A");
        assertThat(system.subList(1, system.size())).allSatisfy(part -> assertThat(part).isInstanceOf(Part.Json.class));
        assertThat(system).filteredOn(part -> member(part, "calendar") != null)
                .extracting(part -> part.labels().domains()).containsOnly(Set.of("transition_calendars")).hasSize(2);
        assertThat(system).filteredOn(part -> member(part, "constraint") != null)
                .extracting(part -> part.labels().domains()).containsOnly(Set.of("capability_planning")).isNotEmpty();
        // The seed's constraints: the dock limits and the budget of each calendar, each a labelled value of its own.
        assertThat(system).extracting(part -> member(part, "constraint")).filteredOn(Objects::nonNull)
                .contains("Transition Calendar A: dock utilisation between 62% and 91% of capacity.",
                        "Transition Calendar B: dock utilisation between 42% and 97% of capacity.");
        assertThat(system).filteredOn(part -> member(part, "budget") != null)
                .extracting(part -> part.labels().domains()).containsOnly(Set.of("budget_envelopes")).hasSize(2);
        assertThat(system).extracting(part -> member(part, "budget")).filteredOn(Objects::nonNull)
                .contains("Transition Calendar A: budget envelope 120 MEUR, front-loaded profile.");
        // The user's message is its own message, the last one: never written into the application's text.
        assertThat(sent.messages().get(1).text()).isEqualTo(prompt);
    }

    @Test
    void underPartialTheExternalModelIsSentNoFigureInTheEvidenceValuesOrTheUsersMessage() {
        String prompt = externallyRoutedPrompt("guest", "unclassified",
                "Compare the calendars for retiring 2 boats in week 14 ");

        MarpAnswer answer = assistant.ask(Principal.of("guest", "unclassified"), prompt);

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        ChatRequest sent = (answer.provenance().orElseThrow().backendTarget().equals("llama") ? llama : deepseek)
                .requests().get(0);
        for (ChatMessage message : sent.messages()) {
            for (Part part : message.parts()) {
                assertThat(part.rendered()).as(part.kind()).doesNotContainPattern("\\d");
            }
        }
        assertThat(sent.messages().get(sent.messages().size() - 1).role()).isEqualTo(ChatRole.USER);
        assertThat(sent.messages().get(sent.messages().size() - 1).text()).startsWith("Compare the calendars for retiring");
    }

    private static String externallyRoutedPrompt() {
        return externallyRoutedPrompt("planner", "secret", "SCENARIO 2: compare the calendars for retiring two boats ");
    }

    private static String externallyRoutedPrompt(String role, String clearance, String start) {
        for (int i = 0; ; i++) {
            String prompt = start + "and keep margin ".repeat(i % 5) + "x".repeat(i);
            String target = RoutingIndex.create(MarpData.routingTable()).route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).build()).backendTarget();
            if (!target.equals("internal_chatgpt")) {
                return prompt;
            }
        }
    }

    // ---- auditors ----

    @Test
    void auditorsGetTheTraceabilitySectionAndSubtask() {
        MarpAnswer answer = assistant.ask(Principal.of("auditor", "secret"),
                "Explain the provenance and traceability of the plan to retire two boats");

        assertThat(answer.sections()).containsKey("For auditors: traceability");
        assertThat(answer.sections().get("For auditors: traceability")).contains("marp_regulated_knowledge.json");
        assertThat((java.util.List<String>) answer.provenance().orElseThrow().extension("subtasks_executed")).contains("explain_evidence_and_governance_combination");
        assertThat(answer.provenance().orElseThrow().extension("routing_override")).isEqualTo("auditor_override");
        assertThat(externalCalls()).isZero();
    }

    @Test
    void theTraceabilitySectionStatesTheFinalDecisionNotTheOneBeforeTheEvidence() {
        // Governance allows an auditor's provenance question; the calendars read as evidence lower it to PARTIAL.
        MarpAnswer answer = assistant.ask(Principal.of("auditor", "secret"), "Explain the provenance of the plan");

        assertThat(answer.decision()).isEqualTo(Decision.PARTIAL);
        assertThat(answer.provenance().orElseThrow().reasonCodes().values()).contains("decision_lowered_by_evidence");
        assertThat(answer.sections().get("For auditors: traceability")).contains("The final decision is PARTIAL:"
                + " governance decided ALLOW").doesNotContain("decision ALLOW rests");
    }

    // ---- evidence routing ----

    @Test
    void scenarioOneNeverReadsTheGovernedData() {
        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), "SCENARIO 1: compare the calendars for retiring two boats week by week");

        assertThat(governed.reads.get()).isZero();
        assertThat(answer.text()).doesNotContain("Weekly figures");
        assertThat(answer.provenance().orElseThrow().evidenceSources().of("governed_data")).isEmpty();
    }

    @Test
    void scenarioThreeIncludesWeeklyFigures() {
        MarpAnswer answer = assistant.ask(Principal.of("planner", "secret"), "SCENARIO 3: compare the calendars for retiring two boats");

        assertThat(governed.reads.get()).isEqualTo(1);
        assertThat(answer.sections().get("Transition Calendar A")).contains("Weekly figures: capability is lowest in week");
        assertThat(answer.citations()).anySatisfy(c -> assertThat(c.locator()).startsWith("marp_governed_data_view.csv#line="));
    }

    // ---- the stub ----

    @Test
    void theProvenanceStubParsesAndValidatesInEveryCaseButDeny() throws Exception {
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        String schema;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("dev/keel/examples/marp/schema/provenance-stub.schema.json")) {
            schema = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        List<Object[]> cases = List.of(
                new Object[] {Principal.of("planner", "secret"), "SCENARIO 3: retire two boats in Q3-Q4"},
                new Object[] {Principal.of("planner", "top_secret"), "SCENARIO 1: retire two boats"},
                new Object[] {Principal.of("guest", "unclassified"), "An overview of the transition"},
                new Object[] {Principal.of("auditor", "secret"), "SCENARIO 2: traceability of the retirement plan"},
                new Object[] {null, "ROLE / CLEARANCE: guest / secret. Compare the calendars"},
                new Object[] {Principal.of("nobody", "secret"), "anything"});
        for (Object[] c : cases) {
            MarpAnswer answer = assistant.ask((Principal) c[0], (String) c[1]);
            if (answer.decision() == Decision.DENY) {
                assertThat(answer.provenanceBlock()).isEmpty();
                continue;
            }
            String block = answer.provenanceBlock().orElseThrow().strip();
            assertThat(answer.text().strip()).endsWith(block);
            assertThat(block).startsWith("```provenance_stub\n").endsWith("\n```");
            String json = block.substring("```provenance_stub\n".length(), block.length() - "\n```".length());
            assertThat(codec.parseObject(json)).containsEntry("governance_decision", answer.decision().wireName());
            assertThat(registry.getSchema(schema).validate(json, InputFormat.JSON)).as((String) c[1]).isEmpty();
        }
    }

    @Test
    void withoutAHostPrincipalTheSeedDefaultsApply() {
        MarpAnswer answer = assistant.ask(null, "SCENARIO 1: compare the calendars for retiring two boats");

        assertThat(answer.provenance().orElseThrow().principal()).isEqualTo(Principal.of("planner", "secret"));
    }

    // ---- helpers ----

    private static List<String> numbers(String text) {
        List<String> found = new ArrayList<>();
        Matcher matcher = NUMBER.matcher(text);
        while (matcher.find()) {
            found.add(new BigDecimal(matcher.group()).stripTrailingZeros().toPlainString());
        }
        return found;
    }

    /** A section without the parts that are not evidence: the restated request and the model's commentary. */
    private static String evidenceOnly(String section) {
        return section.replaceAll("(?m)^Request: .*$", "").replaceAll("(?s)Commentary \\(.*", "");
    }

    /** Reads values straight from the shipped files by locator, independently of Keel's readers. */
    static final class EvidenceFiles {
        private final Object regulated = JsonCodec.strict().parse(MarpData.text(MarpData.REGULATED_KNOWLEDGE));
        private final List<String> csv = List.of(MarpData.text(MarpData.GOVERNED_DATA).split("\n"));

        String text(String locator) {
            return (String) value(locator);
        }

        BigDecimal number(String locator) {
            Object value = value(locator);
            return value instanceof BigDecimal ? (BigDecimal) value : new BigDecimal((String) value);
        }

        private Object value(String locator) {
            String[] parts = locator.split("#", 2);
            if (parts[0].equals(MarpData.REGULATED_KNOWLEDGE)) {
                Object node = regulated;
                for (String token : parts[1].substring(1).split("/")) {
                    node = node instanceof List ? ((List<?>) node).get(Integer.parseInt(token)) : ((Map<?, ?>) node).get(token);
                }
                return node;
            }
            assertThat(parts[0]).isEqualTo(MarpData.GOVERNED_DATA);
            Matcher m = Pattern.compile("line=(\\d+)&column=(\\w+)").matcher(parts[1]);
            assertThat(m.matches()).as(locator).isTrue();
            List<String> header = List.of(csv.get(0).split(","));
            return csv.get(Integer.parseInt(m.group(1)) - 1).split(",")[header.indexOf(m.group(2))];
        }
    }
}

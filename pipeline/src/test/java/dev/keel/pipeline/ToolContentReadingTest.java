package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.InMemoryAuditSink;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.DomainRule;
import dev.keel.policy.Marking;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.Sensitivity;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import dev.keel.test.properties.Gen;
import dev.keel.test.properties.Property;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What tools bring into a turn is read like any other part before a model is sent it: a tool's specification (its
 * name, description and every string of its schema) is egress-filtered and labelled, and one that must stay in the
 * house is not offered to an external backend; a tool's result is read for markings and domains whatever its tool
 * declares, so internal-only content found in it keeps the rest of the turn in the house at once. Called and
 * streamed, over generated specifications and results.
 */
class ToolContentReadingTest {

    private static final Principal PLANNER = Principal.of("planner", "secret");
    private static final Principal GUEST = Principal.of("guest", "secret");
    /** A word no question, answer or benign content of these tests holds: where it goes, the secret went. */
    private static final String SECRET_WORD = "Falcon";

    /**
     * The pipeline fixture's policy, with a {@code confidential} marking beside {@code top secret}, the crew roster's
     * phrase for the internal-only domain {@code crew_records}, and two tools: {@code payroll_summary} in the house,
     * declaring only {@code summaries}, and {@code lookup}, outside.
     */
    static PolicyDocument policy() {
        return Fixtures.policyBuilder()
                .domainRule(DomainRule.of(List.of("crew roster*"), List.of("crew_records")))
                .sensitivity(new Sensitivity(List.of("top_secret"), List.of("crew_records"),
                        List.of(new Marking("top_secret", List.of("top secret"), false),
                                new Marking("confidential", List.of("confidential"), false))))
                .tool("payroll_summary", ToolPolicy.of(List.of("planner", "auditor", "guest"), List.of("summaries"),
                        ToolPlacement.INTERNAL))
                .tool("lookup", ToolPolicy.of(List.of("planner", "auditor", "guest"), List.of("summaries"),
                        ToolPlacement.EXTERNAL))
                .build();
    }

    private static Pipeline pipeline(ScriptedBackend internal, ScriptedBackend external) {
        return Pipeline.builder().policy(policy()).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", internal)
                        .external("llama", external).external("deepseek", external).build())
                .reasoning(SingleCallReasoning.userMessage()).auditSink(new InMemoryAuditSink()).build();
    }

    /** Everything a request carries to its backend, as text: its messages and its tools' specifications. */
    private static String carried(ChatRequest request) {
        StringBuilder text = new StringBuilder();
        for (ChatMessage message : request.messages()) {
            text.append(message.text()).append('\n');
        }
        for (ToolSpec tool : request.tools()) {
            text.append(tool.name()).append('\n').append(tool.description()).append('\n')
                    .append(JsonCodec.strict().write(tool.parameters())).append('\n');
        }
        return text.toString();
    }

    private static String carried(List<ChatRequest> requests) {
        return String.join("\n", requests.stream().map(ToolContentReadingTest::carried).toList());
    }

    // ---- tool results ------------------------------------------------------------------------------------------

    /** An external model that asks for {@code payroll_summary} once, then answers. */
    private static ScriptedBackend askingForPayroll() {
        return ScriptedBackend.named("cloud").then(Reply.toolCalls(
                Part.ToolCall.of("c1", "payroll_summary", Map.of("team", "ops")))).otherwise(Reply.text("cloud"));
    }

    /** {@code principal} asks a question routed outside, offered {@code payroll_summary}, which answers {@code result}. */
    private static GovernedRequest payrollTurn(Principal principal, Object result) {
        return GovernedRequest.builder().principal(principal)
                .message(Fixtures.externallyRouted(principal, "Give a summary of the payroll"))
                .tools(Tools.builder().tool(ToolSpec.of("payroll_summary", "The payroll of a team"), call -> result)
                        .build()).build();
    }

    private static final String PAYROLL = "CONFIDENTIAL - internal only: payroll for the quarter is 412,000 EUR; "
            + SECRET_WORD + " acquisition closes next month.";

    @Test
    void anInternalToolsResultWithAMarkingKeepsTheNextRoundInTheHouseCalledAndStreamed() {
        for (CallMode mode : CallMode.values()) {
            ScriptedBackend external = askingForPayroll();
            ScriptedBackend internal = ScriptedBackend.named("house").otherwise(Reply.text("The summary is ready."));

            GovernedAnswer answer = mode.run(pipeline(internal, external), payrollTurn(PLANNER, PAYROLL));

            assertThat(external.requests()).as(mode.name()).hasSize(1);
            assertThat(carried(external.requests())).as(mode.name()).doesNotContain(SECRET_WORD, "412,000");
            assertThat(internal.requests()).as(mode.name()).hasSize(1);
            assertThat(carried(internal.requests())).as(mode.name()).contains(SECRET_WORD);
            assertThat(answer.provenance().reasonCodes().values()).as(mode.name())
                    .contains("internal_only_by_tool", "internal_only_marking");
        }
    }

    @Test
    void aResultThatHoldsAnInternalOnlyDomainsTextKeepsTheTurnInTheHouseWhateverItsToolDeclares() {
        ScriptedBackend external = askingForPayroll();
        ScriptedBackend internal = ScriptedBackend.named("house").otherwise(Reply.text("Done."));

        GovernedAnswer answer = pipeline(internal, external).call(payrollTurn(PLANNER, Map.of("rows",
                List.of(Map.of("note", "From the crew roster: " + SECRET_WORD + " is on leave")))));

        assertThat(carried(external.requests())).doesNotContain(SECRET_WORD);
        assertThat(carried(internal.requests())).contains(SECRET_WORD);
        assertThat(answer.provenance().extensions().get("tools")).asString().contains("crew_records");
        assertThat(answer.provenance().reasonCodes().values()).contains("internal_only_by_tool",
                "internal_only_domain");
    }

    @Test
    void aResultThatHoldsADomainTheCallerMayNotSeeIsWithheldFromEveryModel() {
        ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(
                Part.ToolCall.of("c1", "payroll_summary", Map.of()))).otherwise(Reply.text("Nothing to add."));
        GovernedRequest request = GovernedRequest.builder().principal(GUEST).message("Give a summary of the payroll")
                .tools(Tools.builder().tool(ToolSpec.of("payroll_summary", ""),
                        call -> "The crew roster: " + SECRET_WORD + " and two others").build()).build();

        GovernedAnswer answer = pipeline(model, model).call(request);

        assertThat(carried(model.requests())).doesNotContain(SECRET_WORD);
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_result_withheld");
    }

    /** The control: without a marking or a domain in it, the same kind of result goes to the external model. */
    @Test
    void aResultWithoutAMarkingOrADomainGoesOutAsBefore() {
        ScriptedBackend external = askingForPayroll();
        ScriptedBackend internal = ScriptedBackend.named("house").otherwise(Reply.text("house"));

        pipeline(internal, external).call(payrollTurn(PLANNER, "Payroll is handled by " + SECRET_WORD + " Ltd."));

        assertThat(external.requests()).hasSize(2);
        assertThat(carried(external.requests().get(1))).contains(SECRET_WORD);
        assertThat(internal.requests()).isEmpty();
    }

    /** A sentence that must stay in the house, by a marking (in any case) or by an internal-only domain's phrase. */
    private static final Gen<String> HELD_SENTENCES = Gen.of(
            "CONFIDENTIAL - internal only: " + SECRET_WORD + " acquisition",
            "Confidential: the " + SECRET_WORD + " deal",
            "top secret " + SECRET_WORD + " notes",
            "Top Secret: " + SECRET_WORD,
            "see the crew roster for " + SECRET_WORD,
            "Crew Rosters list " + SECRET_WORD);

    /** {@code sentence} somewhere in a result: a plain string, a value or a key at some depth, in a list. */
    private static Gen<Object> placed(String sentence) {
        Gen<Function<Object, Object>> wrappers = Gen.of(
                inner -> Map.of("rows", List.of("benign", inner)),
                inner -> Map.of("note", "ok", "detail", inner),
                inner -> List.of(Map.of("n", 1), inner),
                inner -> inner instanceof String text ? Map.of(text, "value") : Map.of("nested", inner));
        return choices -> {
            Object result = Gen.of(sentence, "Payroll: " + sentence + ".", sentence.toUpperCase(Locale.ROOT))
                    .generate(choices);
            int depth = Gen.integers(0, 4).generate(choices);
            for (int level = 0; level < depth; level++) {
                result = wrappers.generate(choices).apply(result);
            }
            return result;
        };
    }

    @Test
    void aResultWithAMarkingOrAnInternalOnlyDomainAnywhereNeverReachesAnExternalModel() {
        Property.forAll(HELD_SENTENCES.flatMap(ToolContentReadingTest::placed), Gen.of(CallMode.values()),
                Gen.of(PLANNER, GUEST)).tries(60).check((result, mode, principal) -> {
            ScriptedBackend external = askingForPayroll();
            ScriptedBackend internal = ScriptedBackend.named("house").otherwise(Reply.text("house"));

            mode.run(pipeline(internal, external), payrollTurn(principal, result));

            assertThat(external.requests()).isNotEmpty();
            assertThat(carried(external.requests())).doesNotContainIgnoringCase(SECRET_WORD);
        });
    }

    // ---- tool specifications -----------------------------------------------------------------------------------

    private static final String CREDENTIAL = "sk-ant-api03-AbCdEfGhIjKlMnOpQrSt";

    /** What may be in a specification, and what must then not reach an external model. */
    private enum Content {
        CREDENTIAL_VALUE(CREDENTIAL, "sk-ant"),
        FIGURE("412,000 EUR", "412"),
        DATE("25 March 2026", "2026"),
        MARKING("CONFIDENTIAL: " + SECRET_WORD, SECRET_WORD),
        DOMAIN("from the crew roster of " + SECRET_WORD, SECRET_WORD);

        final String text;
        final String mark;

        Content(String text, String mark) {
            this.text = text;
            this.mark = mark;
        }

        /** Whether the principal's external model may read it: figures and dates are withheld under PARTIAL only. */
        boolean mayLeaveFor(Principal principal) {
            return (this == FIGURE || this == DATE) && principal.equals(PLANNER);
        }
    }

    /** Where in a specification: its description, a property's description, title, enum, default, nested items. */
    private enum Position {
        DESCRIPTION, PROPERTY_DESCRIPTION, TITLE, ENUM, DEFAULT, ITEMS;

        ToolSpec spec(String content) {
            Map<String, Object> property = new LinkedHashMap<>();
            property.put("type", this == ITEMS ? "array" : "string");
            switch (this) {
                case PROPERTY_DESCRIPTION -> property.put("description", "Which one: " + content);
                case TITLE -> property.put("title", content);
                case ENUM -> property.put("enum", List.of("all", content));
                case DEFAULT -> property.put("default", content);
                case ITEMS -> property.put("items", Map.of("type", "string", "description", content));
                case DESCRIPTION -> property.put("description", "Which one");
            }
            String description = this == DESCRIPTION ? "Looks up " + content : "Looks things up";
            return new ToolSpec("lookup", description, Map.of("type", "object",
                    "properties", Map.of("query", property)));
        }
    }

    @Test
    void aToolSpecificationCarriesToAnExternalModelNothingThePolicyKeepsInCalledAndStreamed() {
        Property.forAll(Gen.of(Content.values()), Gen.of(Position.values()), Gen.of(CallMode.values()),
                Gen.of(PLANNER, GUEST)).tries(120).check((content, position, mode, principal) -> {
            ScriptedBackend external = ScriptedBackend.named("cloud").otherwise(Reply.text("cloud"));
            ScriptedBackend internal = ScriptedBackend.named("house").otherwise(Reply.text("house"));
            ToolSpec spec = position.spec(content.text);
            GovernedRequest request = GovernedRequest.builder().principal(principal)
                    .message(Fixtures.externallyRouted(principal, "Give a summary of the fleet"))
                    .tools(Tools.builder().tool(spec, call -> "none").build()).build();

            GovernedAnswer answer = mode.run(pipeline(internal, external), request);

            assertThat(external.requests()).hasSize(1);
            String sent = carried(external.requests());
            if (content.mayLeaveFor(principal)) {
                assertThat(sent).contains(content.mark);
            } else {
                assertThat(sent).doesNotContain(content.mark);
            }
            boolean held = content == Content.MARKING || content == Content.DOMAIN;
            assertThat(external.requests().get(0).tools()).hasSize(held ? 0 : 1);
            if (held) {
                assertThat(answer.provenance().reasonCodes().values()).containsAnyOf("tool_spec_internal_only",
                        "tool_spec_denied");
            }
        });
    }

    @Test
    void theIssuesSpecificationReachesAGuestsExternalModelWithNothingItHolds() {
        Map<String, Object> schema = Map.of("type", "object", "properties", Map.of(
                "account", Map.of("type", "string", "description", "Key " + CREDENTIAL, "default", "412,000 EUR"),
                "as_of", Map.of("type", "string", "enum", List.of("25 March 2026", "today"))));
        ToolSpec payroll = new ToolSpec("payroll_summary", "CONFIDENTIAL payroll of a team", schema);
        ToolSpec lookup = new ToolSpec("lookup", "Looks up a rate", schema);
        ScriptedBackend external = ScriptedBackend.named("cloud").otherwise(Reply.text("cloud"));
        GovernedRequest request = GovernedRequest.builder().principal(GUEST)
                .message(Fixtures.externallyRouted(GUEST, "Give a summary of the fleet"))
                .tools(Tools.builder().tool(payroll, call -> "none").tool(lookup, call -> "none").build()).build();

        GovernedAnswer answer = pipeline(ScriptedBackend.named("house"), external).call(request);

        ChatRequest sent = external.requests().get(0);
        assertThat(sent.tools()).extracting(ToolSpec::name).containsExactly("lookup");
        assertThat(carried(sent)).doesNotContain("sk-ant", "412,000", "2026", "CONFIDENTIAL");
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_spec_internal_only");
    }

    @Test
    void aModelThatCallsAToolItWasNotOfferedIsRefused() {
        List<Part.ToolCall> ran = new ArrayList<>();
        ScriptedBackend external = ScriptedBackend.named("cloud").then(Reply.toolCalls(
                Part.ToolCall.of("c1", "payroll_summary", Map.of()))).otherwise(Reply.text("cloud"));
        GovernedRequest request = GovernedRequest.builder().principal(PLANNER)
                .message(Fixtures.externallyRouted(PLANNER, "Give a summary of the fleet"))
                .tools(Tools.builder().tool(new ToolSpec("payroll_summary", "Top secret payroll", Map.of()),
                        call -> {
                            ran.add(call);
                            return "none";
                        }).build()).build();

        GovernedAnswer answer = pipeline(ScriptedBackend.named("house"), external).call(request);

        assertThat(ran).isEmpty();
        assertThat(external.requests().get(0).tools()).isEmpty();
        assertThat(answer.provenance().reasonCodes().values()).contains("tool_not_offered");
    }
}

package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ToolSpec;
import dev.keel.pipeline.ToolCallTest.RecordingTool;
import dev.keel.policy.PolicyDocument;
import dev.keel.policy.ToolPlacement;
import dev.keel.policy.ToolPolicy;
import dev.keel.test.core.Reply;
import dev.keel.test.core.ScriptedBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Where the host says a tool runs ({@link Tools.Builder#tool(ToolSpec, ToolExecutor, ToolPlacement)}): the pipeline's
 * gate places the tool at the stricter of the policy's placement and the host's, so a host's external tool is never
 * called from a turn that must stay in the house and gets its arguments egress-filtered, whatever the policy says;
 * and a host cannot make a tool the policy calls external internal.
 */
class HostPlacementTest {

    static final Principal PLANNER = Principal.of("planner", "secret");
    static final Principal GUEST = Principal.of("guest", "secret");
    /** What the egress filter withholds from an external tool's arguments: a credential and, under PARTIAL, a figure. */
    static final Map<String, Object> LEAKY_ARGUMENTS = Map.of("part", "hull plate", "quantity", 4500,
            "token", "sk-live0123456789abcdefXYZ");

    /** The fixture's policy with a parts catalogue the policy calls internal and market rates it calls external. */
    static PolicyDocument policy() {
        return Fixtures.policyBuilder()
                .tool("parts_catalogue", ToolPolicy.of(List.of("planner", "guest"), List.of("summaries"),
                        ToolPlacement.INTERNAL))
                .tool("market_rates", ToolPolicy.of(List.of("planner", "guest"), List.of("summaries"),
                        ToolPlacement.EXTERNAL))
                .build();
    }

    private static Pipeline pipeline(PolicyDocument policy, ScriptedBackend model) {
        return Pipeline.builder().policy(policy).routing(Fixtures.routingTable())
                .backends(Backends.builder().internal("internal_chatgpt", model)
                        .external("llama", model).external("deepseek", model).build())
                .reasoning(SingleCallReasoning.userMessage()).build();
    }

    /** Asks {@code principal}'s {@code message} with the model calling {@code tool} once with {@code arguments}. */
    private static GovernedAnswer ask(Principal principal, String message, String tool, Map<String, Object> arguments,
                                      RecordingTool executor, @Nullable ToolPlacement host) {
        ScriptedBackend model = ScriptedBackend.named("model").then(
                Reply.toolCalls(Part.ToolCall.of("c1", tool, arguments)), Reply.text("Done."));
        ToolSpec spec = ToolSpec.of(tool, "A tool.");
        Tools tools = host == null ? Tools.builder().tool(spec, executor).build()
                : Tools.builder().tool(spec, executor, host).build();
        return pipeline(policy(), model).call(GovernedRequest.builder().principal(principal).message(message)
                .tools(tools).build());
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> toolsOf(GovernedAnswer answer) {
        return (List<Map<String, Object>>) answer.provenance().extension("tools");
    }

    @Test
    void anInternalOnlyTurnNeverCallsAToolTheHostRunsOutsideThoughThePolicyCallsItInternal() {
        RecordingTool leftToPolicy = new RecordingTool(Map.of("price", 120));
        ask(PLANNER, "top secret: what do hull plates cost?", "parts_catalogue", Map.of("part", "hull plate"),
                leftToPolicy, null);
        RecordingTool outside = new RecordingTool(Map.of("price", 120));

        GovernedAnswer answer = ask(PLANNER, "top secret: what do hull plates cost?", "parts_catalogue",
                Map.of("part", "hull plate"), outside, ToolPlacement.EXTERNAL);

        assertThat(leftToPolicy.calls).hasSize(1);
        assertThat(answer.governance().sensitivity().internalOnly()).isTrue();
        assertThat(outside.calls).isEmpty();
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("placement", "external").containsEntry("decision", "DENY")
                .containsEntry("reason_codes", List.of("tool_external_internal_only")));
    }

    @Test
    void theArgumentsOfAToolTheHostRunsOutsideAreEgressFilteredThoughThePolicyCallsItInternal() {
        String message = Fixtures.externallyRouted(GUEST, "Give a summary of part prices ");
        RecordingTool leftToPolicy = new RecordingTool(Map.of("price", "on request"));
        ask(GUEST, message, "parts_catalogue", LEAKY_ARGUMENTS, leftToPolicy, null);
        RecordingTool outside = new RecordingTool(Map.of("price", "on request"));

        GovernedAnswer answer = ask(GUEST, message, "parts_catalogue", LEAKY_ARGUMENTS, outside,
                ToolPlacement.EXTERNAL);

        assertThat(leftToPolicy.calls).singleElement().satisfies(sent ->
                assertThat(sent.arguments()).isEqualTo(LEAKY_ARGUMENTS));
        assertThat(outside.calls).singleElement().satisfies(sent -> {
            assertThat(JsonCodec.strict().write(sent.arguments())).doesNotContain("4500", "sk-live");
            assertThat(sent.arguments()).containsEntry("part", "hull plate");
        });
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("placement", "external").containsEntry("decision", "ALLOW"));
    }

    @Test
    void theHostCannotMakeAToolThePolicyCallsExternalInternal() {
        RecordingTool inside = new RecordingTool(Map.of("price", 120));
        GovernedAnswer internalOnly = ask(PLANNER, "top secret: what do hull plates cost?", "market_rates",
                Map.of("part", "hull plate"), inside, ToolPlacement.INTERNAL);
        String message = Fixtures.externallyRouted(GUEST, "Give a summary of part prices ");
        RecordingTool filtered = new RecordingTool(Map.of("price", "on request"));
        GovernedAnswer answer = ask(GUEST, message, "market_rates", LEAKY_ARGUMENTS, filtered, ToolPlacement.INTERNAL);

        assertThat(inside.calls).isEmpty();
        assertThat(toolsOf(internalOnly)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("placement", "external")
                .containsEntry("reason_codes", List.of("tool_external_internal_only")));
        assertThat(filtered.calls).singleElement().satisfies(sent ->
                assertThat(JsonCodec.strict().write(sent.arguments())).doesNotContain("4500", "sk-live"));
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("placement", "external"));
    }

    @Test
    void aToolTheHostPlacesIsStillRefusedWhenThePolicyDoesNotListIt() {
        RecordingTool unlisted = new RecordingTool("");

        GovernedAnswer answer = ask(PLANNER, "Give a summary of part prices", "launch_drone", Map.of(), unlisted,
                ToolPlacement.INTERNAL);

        assertThat(unlisted.calls).isEmpty();
        assertThat(toolsOf(answer)).singleElement().satisfies(entry -> assertThat(entry)
                .containsEntry("reason_codes", List.of("tool_unknown")));
    }

    /**
     * Generated: tools with random policy placements, offered with random host placements (or none), called in
     * turns that must or need not stay in the house. The effective placement the gate records is external exactly
     * when either says so, never less strict than either; an internal-only turn calls exactly the tools both call
     * internal; in any other turn a tool sends its credential argument out only when both call it internal.
     */
    @Test
    void theEffectivePlacementIsNeverLessStrictThanThePolicysOrTheHosts() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        ToolPlacement[] placements = ToolPlacement.values();
        for (int round = 0; round < 60; round++) {
            int count = 1 + random.nextInt(4);
            PolicyDocument.Builder policy = Fixtures.policyBuilder();
            Tools.Builder offered = Tools.builder();
            List<ToolPlacement> byPolicy = new ArrayList<>();
            List<@Nullable ToolPlacement> byHost = new ArrayList<>();
            List<RecordingTool> executors = new ArrayList<>();
            List<Part.ToolCall> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String name = "tool_" + i;
                ToolPlacement policyPlacement = placements[random.nextInt(placements.length)];
                int host = random.nextInt(placements.length + 1);
                ToolPlacement hostPlacement = host == placements.length ? null : placements[host];
                RecordingTool executor = new RecordingTool(Map.of("ok", true));
                policy.tool(name, ToolPolicy.of(List.of("planner"), List.of("summaries"), policyPlacement));
                ToolSpec spec = ToolSpec.of(name, "A tool.");
                if (hostPlacement == null) {
                    offered.tool(spec, executor);
                } else {
                    offered.tool(spec, executor, hostPlacement);
                }
                byPolicy.add(policyPlacement);
                byHost.add(hostPlacement);
                executors.add(executor);
                calls.add(Part.ToolCall.of("c" + i, name, Map.of("token", "sk-live0123456789abcdefXYZ")));
            }
            boolean internalOnly = random.nextBoolean();
            String message = internalOnly ? "top secret: give a summary" : "Give a summary";
            ScriptedBackend model = ScriptedBackend.named("model").then(Reply.toolCalls(calls.toArray(Part.ToolCall[]::new)), Reply.text("Done."));
            GovernedAnswer answer = pipeline(policy.build(), model).call(GovernedRequest.builder().principal(PLANNER)
                    .message(message).tools(offered.build()).build());

            List<Map<String, Object>> recorded = toolsOf(answer);
            String context = "seed " + seed + ", round " + round + ": policy " + byPolicy + ", host " + byHost
                    + ", internal only " + internalOnly + ", recorded " + recorded;
            assertThat(recorded).as(context).hasSize(count);
            for (int i = 0; i < count; i++) {
                boolean external = byPolicy.get(i) == ToolPlacement.EXTERNAL
                        || byHost.get(i) == ToolPlacement.EXTERNAL;
                assertThat(recorded.get(i)).as(context).containsEntry("placement",
                        external ? "external" : "internal");
                List<Part.ToolCall> ran = executors.get(i).calls;
                if (internalOnly) {
                    assertThat(ran).as(context).hasSize(external ? 0 : 1);
                } else {
                    assertThat(ran).as(context).singleElement().satisfies(sent -> assertThat(
                            JsonCodec.strict().write(sent.arguments()).contains("sk-live")).as(context)
                            .isEqualTo(!external));
                }
            }
        }
    }
}

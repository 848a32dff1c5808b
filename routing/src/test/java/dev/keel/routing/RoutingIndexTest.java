package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import dev.keel.core.ReasonCodes;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The routing rules of {@code docs/routing.md}, rule by rule: the weighted strategy, then what holds over any. */
class RoutingIndexTest {

    private final RoutingIndex weighted = RoutingIndex.create(Tables.weighted());
    private final RoutingIndex withAuditorOverride = RoutingIndex.create(Tables.weightedWithAuditorOverride());

    private RoutingDecision route(String role, String clearance, String prompt, String digest) {
        return weighted.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt)
                .promptDigest(digest).build());
    }

    /** The slot as docs/routing.md defines it, computed independently: big-endian unsigned arithmetic. */
    private static long documentedSlot(String key, long totalWeight) throws Exception {
        byte[] sha = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        return new BigInteger(1, Arrays.copyOf(sha, 8)).mod(BigInteger.valueOf(totalWeight)).longValueExact();
    }

    // ---- the weighted strategy: the key, the slot, the pool ----

    @Test
    void theDocumentedExampleRoutesAsTheDocumentationSays() {
        RoutingDecision decision = weighted.route(Principal.of("planner", "secret"),
                "SCENARIO 2: retire two boats in Q3 within the budget");

        assertThat(decision.routingKey()).isEqualTo("planner|secret|scenario-retire-boats-within-budget");
        // sha256("planner|secret|scenario-retire-boats-within-budget") starts 41c4dbb9fd60b3ff = 4739154299767010303.
        assertThat(decision.detail()).containsExactly(Map.entry("slot", 3L), Map.entry("total_weight", 10L),
                Map.entry("pool", 1));
        assertThat(decision.routerSelectedLlm()).isEqualTo("llama");
        assertThat(decision.backendTarget()).isEqualTo("llama");
    }

    @ParameterizedTest(name = "{0}|{1}|{2}")
    @CsvSource(delimiter = ';', value = {
        "planner; secret; abcd",
        "planner; top_secret; abcd",
        "auditor; secret; trace-figures",
        "chief planner; top secret; a b  c",
        "planner; secret; \uD83D\uDEA2ship",
        "guest; unclassified; ''",
    })
    void theSlotIsTheKeysHashModuloTheTotalWeight(String role, String clearance, String digest) throws Exception {
        RoutingDecision decision = route(role, clearance, "any prompt", digest);
        String key = role + "|" + clearance + "|" + digest;
        long slot = documentedSlot(key, 10);

        assertThat(decision.routingKey()).isEqualTo(key);
        assertThat(decision.detail().get("slot")).isEqualTo(slot);
        assertThat(decision.selection().entry()).isEqualTo(slot == 0 ? Tables.CHATGPT : slot <= 5 ? Tables.LLAMA
                : Tables.DEEPSEEK);
    }

    @Test
    void theDefaultDigestIsAFewKeyWordsAndTheCallersWins() {
        RoutingDecision byDefault = weighted.route(RoutingRequest.builder().role("planner").clearance("secret")
                .prompt("SCENARIO 2: retire two boats").build());
        RoutingDecision given = route("planner", "secret", "SCENARIO 2: retire two boats", "my-digest");

        assertThat(byDefault.routingKey()).isEqualTo("planner|secret|scenario-retire-boats");
        assertThat(given.routingKey()).isEqualTo("planner|secret|my-digest");
    }

    @Test
    void poolsOwnConsecutiveSlotsInTheirOrder() {
        // Weights 2, 1, 3: slots 0-1, 2, 3-5. Find keys for every slot and check the pool that owns it.
        PoolEntry a = new PoolEntry("a", "m", "a");
        PoolEntry b = new PoolEntry("b", "m", "b");
        PoolEntry c = new PoolEntry("c", "m", "c");
        RoutingIndex index = RoutingIndex.create(RoutingTable.builder().pool(2, a).pool(1, b).pool(3, c)
                .internalBackendTarget("a").build());
        PoolEntry[] owner = {a, a, b, c, c, c};
        boolean[] seen = new boolean[6];
        for (int k = 0; k < 200; k++) {
            RoutingDecision decision = index.route(RoutingRequest.builder().role("r").clearance("c").prompt("p")
                    .promptDigest("d" + k).build());
            int slot = ((Long) decision.detail().get("slot")).intValue();
            seen[slot] = true;
            assertThat(decision.selection().entry()).as("slot %d", slot).isEqualTo(owner[slot]);
            assertThat(decision.detail().get("pool")).isEqualTo(List.of(a, b, c).indexOf(owner[slot]));
        }
        assertThat(seen).containsOnly(true);
    }

    // ---- over any strategy: overrides and the internal-only safeguard ----

    /** A host's strategy that always picks an external model, and says so. */
    private static final RoutingStrategy ALWAYS_EXTERNAL = request -> new RoutingStrategy.Selection(Tables.DEEPSEEK,
            Map.of("routing_key", request.role()), ReasonCodes.of("always_external"));

    @Test
    void anInternalOnlyRequestRoutesInternalWhateverTheStrategyPicked() {
        for (RoutingTable table : List.of(Tables.weighted(), RoutingTable.builder().strategy(ALWAYS_EXTERNAL)
                .internalBackendTarget("internal_chatgpt").build())) {
            RoutingDecision decision = RoutingIndex.create(table).route(RoutingRequest.builder().role("planner")
                    .clearance("secret").prompt("Plan the retirement.").promptDigest("abcd").internalOnly(true).build());

            // planner|secret|abcd is slot 9: deepseek, an external backend, without the safeguard.
            assertThat(decision.selection().entry()).isEqualTo(Tables.DEEPSEEK);
            assertThat(decision.routerSelectedLlm()).isEqualTo("deepseek");
            assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
            assertThat(decision.internalOnly()).isTrue();
            assertThat(decision.reasonCodes().values()).endsWith("internal_only");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"top secret", "TOP SECRET", "top_secret", "internal only"})
    void routingReadsNoSensitivityFromThePromptOrTheClearance(String words) {
        RoutingDecision decision = route("planner", words, "Plan the retirement, " + words + ".", "abcd");

        assertThat(decision.internalOnly()).isFalse();
        assertThat(decision.backendTarget()).isEqualTo(decision.selection().entry().backendTarget());
    }

    @Test
    void theOverrideReplacesTheStrategysChoiceAndIsRecorded() {
        RoutingDecision decision = withAuditorOverride.route(RoutingRequest.builder().role("auditor")
                .clearance("secret").prompt("trace the figures").promptDigest("trace-figures").build());

        // auditor|secret|trace-figures is slot 6: deepseek.
        assertThat(decision.selection().entry()).isEqualTo(Tables.DEEPSEEK);
        assertThat(decision.routerSelectedLlm()).isEqualTo("chatgpt");
        assertThat(decision.reasoningMode()).isEqualTo("detailed_analysis");
        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.override()).contains("auditor_override");
        assertThat(decision.reasonCodes().values()).containsExactly("routing_override");
    }

    @Test
    void theOverrideAppliesOverAHostsStrategyAndTheSafeguardOverTheOverride() {
        RoutingIndex index = RoutingIndex.create(RoutingTable.builder().strategy(ALWAYS_EXTERNAL)
                .internalBackendTarget("internal_chatgpt")
                .override(new RoutingOverride("auditor_llama", "Auditor", Tables.LLAMA)).build());

        RoutingDecision planner = index.route(RoutingRequest.builder().role("planner").clearance("secret")
                .prompt("x").build());
        RoutingDecision auditor = index.route(RoutingRequest.builder().role(" auditor ").clearance("secret")
                .prompt("x").build());
        RoutingDecision topSecretAuditor = index.route(RoutingRequest.builder().role("auditor")
                .clearance("top_secret").prompt("x").internalOnly(true).build());

        assertThat(planner.override()).isEmpty();
        assertThat(planner.backendTarget()).isEqualTo("deepseek");
        assertThat(planner.reasonCodes().values()).containsExactly("always_external");
        assertThat(auditor.backendTarget()).isEqualTo("llama");
        assertThat(auditor.reasonCodes().values()).containsExactly("always_external", "routing_override");
        assertThat(topSecretAuditor.routerSelectedLlm()).isEqualTo("llama");
        assertThat(topSecretAuditor.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(topSecretAuditor.override()).contains("auditor_llama");
        assertThat(topSecretAuditor.reasonCodes().values())
                .containsExactly("always_external", "routing_override", "internal_only");
    }

    // ---- the selection, the wire form, the provenance ----

    @Test
    void theWireFormIsTheStrategysFactsThenTheGenericFields() {
        assertThat(route("planner", "secret", "x", "abcd").toWire()).containsExactly(
                Map.entry("routing_key", "planner|secret|abcd"), Map.entry("slot", 9L),
                Map.entry("total_weight", 10L), Map.entry("pool", 2),
                Map.entry("router_selected_llm", "deepseek"), Map.entry("reasoning_mode", "policy_summary"),
                Map.entry("backend_target", "deepseek"), Map.entry("top_secret_internal_only", false),
                new java.util.AbstractMap.SimpleEntry<>("override", null));
    }

    @Test
    void aStrategysFactsKeepTheirOrder() {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("tag", "2");
        facts.put("routing_key", "k");
        facts.put("n", 49);
        RoutingIndex index = RoutingIndex.create(RoutingTable.builder()
                .strategy(request -> new RoutingStrategy.Selection(Tables.LLAMA, facts, ReasonCodes.empty()))
                .internalBackendTarget("internal_chatgpt").build());

        RoutingDecision decision = index.route(RoutingRequest.builder().role("r").clearance("c").prompt("p").build());

        assertThat(decision.toWire().keySet()).containsExactly("tag", "routing_key", "n", "router_selected_llm",
                "reasoning_mode", "backend_target", "top_secret_internal_only", "override");
        assertThat(decision.detail().keySet()).containsExactly("tag", "n");
    }

    @Test
    void aSelectionNeedsItsKeyAndKeepsOffTheGenericFields() {
        assertThatThrownBy(() -> new RoutingStrategy.Selection(Tables.LLAMA, Map.of("n", 3), ReasonCodes.empty()))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("routing_key");
        assertThatThrownBy(() -> RoutingStrategy.Selection.of(Tables.LLAMA, "k", Map.of("backend_target", "x")))
                .isInstanceOf(ConfigurationException.class).hasMessageContaining("'backend_target'");
    }

    @Test
    void theDecisionFillsTheProvenanceStubsRoutingFields() {
        RoutingDecision decision = withAuditorOverride.route(RoutingRequest.builder().role("auditor")
                .clearance("top_secret").prompt("SCENARIO 3").internalOnly(true).build());

        Provenance provenance = decision.applyTo(Provenance.builder())
                .principal(Principal.of("auditor", "top_secret")).decision(Decision.ALLOW)
                .backendUsed(decision.backendTarget()).build();

        assertThat(provenance.toWire()).containsEntry("router_selected_llm", "chatgpt")
                .containsEntry("backend_target", "internal_chatgpt")
                .containsEntry("internal_only", true)
                .containsEntry("reasoning_mode", "detailed_analysis")
                .containsEntry("routing_override", "auditor_override");
        assertThat(decision.toAuditWire()).containsEntry("strategy_selection", decision.selection().entry().toWire())
                .containsEntry("reason_codes", List.of("routing_override", "internal_only"));
    }

    @Test
    void aRequestNeedsRoleClearanceAndPrompt() {
        assertThatThrownBy(() -> RoutingRequest.builder().role("planner").prompt("x").build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'clearance'");
    }
}

package dev.keel.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.Principal;
import dev.keel.core.Provenance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The routing rules of {@code docs/routing.md}, rule by rule. */
class RoutingIndexTest {

    private final RoutingIndex marp = SeedTable.index();
    private final RoutingIndex marpWithAuditorOverride = RoutingIndex.create(
            SeedTable.table().toBuilder().override(SeedTable.auditorOverride()).build());

    private RoutingDecision route(String role, String clearance, String prompt, String digest) {
        return marp.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).promptDigest(digest).build());
    }

    // ---- the key, N and the index ----

    @ParameterizedTest(name = "K of {0}|{1}|{2}|{3} -> N {4}")
    @CsvSource(delimiter = ';', value = {
        // role; clearance; prompt; digest; N; key
        "planner; secret; no scenario here; ab; 16; planner|secret|0|ab",
        "planner; secret; SCENARIO 2 please; x; 15; planner|secret|2|x",
        // spaces inside any part are removed, as the separators are
        "chief planner; top secret; SCENARIO 3; a b  c; 25; chief planner|top secret|3|a b  c",
        // a | inside a part is removed too: the seed removes every | from K
        "planner; secret; none; a|b; 16; planner|secret|0|a|b",
        // code points, not UTF-16 units: the emoji is one
        "planner; secret; none; \uD83D\uDEA2ship; 19; planner|secret|0|\uD83D\uDEA2ship",
        // an empty digest still gives the tag
        "guest; unclassified; none; ''; 18; guest|unclassified|0|",
    })
    void theKeyIsCountedAsTheSeedSays(String role, String clearance, String prompt, String digest, int n, String key) {
        RoutingDecision decision = route(role, clearance, prompt, digest);

        assertThat(decision.routingKey()).isEqualTo(key);
        assertThat(decision.n()).isEqualTo(n);
        assertThat(decision.index()).isEqualTo(n % 10);
    }

    @Test
    void everyKindOfWhiteSpaceIsRemoved() {
        String spaces = "\t\n\u000B\f\r \u0085\u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000";

        assertThat(route("p", "s", "none", "a" + spaces + "b").n()).isEqualTo(5);
        // Not white space: the zero-width space and the information separators stay.
        assertThat(route("p", "s", "none", "a\u200B\u001Fb").n()).isEqualTo(7);
    }

    @Test
    void theDefaultDigestIsAFewKeyWords() {
        RoutingDecision decision = marp.route(Principal.of("planner", "secret"),
                "SCENARIO 2: retire two boats in Q3 within the budget");

        assertThat(decision.promptDigest()).isEqualTo("scenario-retire-boats-within-budget");
        assertThat(decision.routingKey()).isEqualTo("planner|secret|2|scenario-retire-boats-within-budget");
        assertThat(decision.n()).isEqualTo(49);
        assertThat(decision.index()).isEqualTo(9);
        assertThat(decision.routerSelectedLlm()).isEqualTo("deepseek");
    }

    @Test
    void theCallersDigestWins() {
        RoutingDecision decision = route("planner", "secret", "SCENARIO 2: retire two boats", "my-digest");

        assertThat(decision.promptDigest()).isEqualTo("my-digest");
        assertThat(decision.n()).isEqualTo(7 + 6 + 1 + 9);
    }

    // ---- the table ----

    @ParameterizedTest(name = "index {0} -> {1}, {2}, {3}")
    @CsvSource({
        "0, chatgpt,  detailed_analysis, internal_chatgpt",
        "1, llama,    balanced_summary,  llama",
        "2, llama,    balanced_summary,  llama",
        "3, llama,    balanced_summary,  llama",
        "4, llama,    balanced_summary,  llama",
        "5, llama,    balanced_summary,  llama",
        "6, deepseek, policy_summary,    deepseek",
        "7, deepseek, policy_summary,    deepseek",
        "8, deepseek, policy_summary,    deepseek",
        "9, deepseek, policy_summary,    deepseek",
    })
    void eachIndexSelectsTheSeedsEntry(int index, String llm, String mode, String target) {
        // role "r" (1) + clearance "c" (1) + tag (1) + a digest of 7 + index letters: N mod 10 = index.
        RoutingDecision decision = route("r", "c", "x", "d".repeat(7 + index));

        assertThat(decision.index()).isEqualTo(index);
        assertThat(decision.routerSelectedLlm()).isEqualTo(llm);
        assertThat(decision.reasoningMode()).isEqualTo(mode);
        assertThat(decision.backendTarget()).isEqualTo(target);
        assertThat(decision.internalOnly()).isFalse();
        assertThat(decision.override()).isEmpty();
        assertThat(marp.select("r", "c", "0", "d".repeat(7 + index)))
                .isEqualTo(new PoolEntry(llm, mode, target));
    }

    // ---- scenario tags ----

    @ParameterizedTest(name = "\"{0}\" -> {1}")
    @CsvSource(delimiter = '|', value = {
        "SCENARIO 1: regulated knowledge only | 1",
        "scenario 2                           | 2",
        "Scenario 3, weekly curves            | 3",
        "use scenario-2                       | 2",
        "use scenario_3                       | 3",
        "scenario2                            | 2",
        "SCENARIO  1                          | 1",
        "SCENARIO 12                          | 0",
        "SCENARIO 4                           | 0",
        "subscenario 2                        | 0",
        "no flag                              | 0",
        "compare SCENARIO 3 and SCENARIO 2    | 2",
        "SCENARIO 3 then SCENARIO 1           | 1",
    })
    void theScenarioTagFollowsTheSeed(String prompt, String tag) {
        assertThat(SeedTable.TAGGER.tag(prompt)).isEqualTo(tag);
        assertThat(route("planner", "secret", prompt, "d").scenarioTag()).isEqualTo(tag);
    }

    @Test
    void severalScenariosAreReported() {
        assertThat(route("planner", "secret", "SCENARIO 3 vs SCENARIO 2", "d").reasonCodes().values())
                .containsExactly("scenario_multiple");
    }

    // ---- the internal-only safeguard ----

    @Test
    void anInternalOnlyRequestRoutesInternalButStillComputesTheLlm() {
        // A digest of 4 gives index 7: deepseek, an external backend without the safeguard.
        RoutingDecision decision = SeedTable.index().route(RoutingRequest.builder().role("planner").clearance("secret")
                .prompt("Plan the retirement.").promptDigest("dddd").internalOnly(true).build());

        assertThat(decision.routerSelectedLlm()).isEqualTo("deepseek");
        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.internalOnly()).isTrue();
        assertThat(decision.reasonCodes().values()).containsExactly("internal_only");
    }

    @ParameterizedTest
    @ValueSource(strings = {"top secret", "TOP SECRET", "top_secret", "internal only"})
    void routingReadsNoSensitivityFromThePromptOrTheClearance(String words) {
        RoutingDecision decision = route("planner", words, "Plan the retirement, " + words + ".", "dddd");

        assertThat(decision.internalOnly()).isFalse();
        assertThat(decision.backendTarget()).isEqualTo(decision.indexedEntry().backendTarget());
    }

    // ---- overrides ----

    @Test
    void theAuditorOverrideSelectsChatgptAndIsRecorded() {
        RoutingDecision decision = marpWithAuditorOverride.route(RoutingRequest.builder().role("auditor")
                .clearance("secret").prompt("trace the figures").promptDigest("d").build());

        assertThat(decision.indexedEntry().routerSelectedLlm()).isNotEqualTo("chatgpt");
        assertThat(decision.routerSelectedLlm()).isEqualTo("chatgpt");
        assertThat(decision.reasoningMode()).isEqualTo("detailed_analysis");
        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.override()).contains("auditor_override");
        assertThat(decision.reasonCodes().values()).containsExactly("routing_override");
    }

    @Test
    void theOverrideDoesNotTouchOtherRolesOrTheSafeguard() {
        RoutingDecision planner = marpWithAuditorOverride.route(RoutingRequest.builder().role("planner")
                .clearance("secret").prompt("x").promptDigest("dddd").build());
        RoutingIndex externalOverride = RoutingIndex.create(SeedTable.table().toBuilder()
                .override(new RoutingOverride("auditor_llama", "Auditor", new PoolEntry("llama", "balanced_summary", "llama")))
                .build());
        RoutingDecision topSecretAuditor = externalOverride.route(RoutingRequest.builder().role("auditor")
                .clearance("top_secret").prompt("x").internalOnly(true).build());

        assertThat(planner.override()).isEmpty();
        assertThat(planner.routerSelectedLlm()).isEqualTo("deepseek");
        assertThat(topSecretAuditor.routerSelectedLlm()).isEqualTo("llama");
        assertThat(topSecretAuditor.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(topSecretAuditor.override()).contains("auditor_llama");
    }

    // ---- the provenance ----

    @Test
    void theDecisionFillsTheProvenanceStubsRoutingFields() {
        RoutingDecision decision = marpWithAuditorOverride.route(RoutingRequest.builder().role("auditor")
                .clearance("top_secret").prompt("SCENARIO 3").internalOnly(true).build());

        Provenance provenance = decision.applyTo(Provenance.builder())
                .principal(Principal.of("auditor", "top_secret")).decision(Decision.ALLOW)
                .backendUsed(decision.backendTarget()).build();

        Map<String, Object> wire = provenance.toWire();
        assertThat(wire).containsEntry("router_selected_llm", "chatgpt")
                .containsEntry("backend_target", "internal_chatgpt")
                .containsEntry("internal_only", true)
                .containsEntry("reasoning_mode", "detailed_analysis")
                .containsEntry("routing_override", "auditor_override");
    }

    @Test
    void theWireFormHasTheOpTablesFields() {
        assertThat(route("planner", "secret", "SCENARIO 2", "d").toWire()).containsOnlyKeys("scenario_tag",
                "routing_key", "n", "index", "router_selected_llm", "reasoning_mode", "backend_target",
                "top_secret_internal_only", "override");
    }

    @Test
    void aRequestNeedsRoleClearanceAndPrompt() {
        assertThatThrownBy(() -> RoutingRequest.builder().role("planner").prompt("x").build())
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("'clearance'");
    }
}

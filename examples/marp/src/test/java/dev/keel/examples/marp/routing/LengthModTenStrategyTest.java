package dev.keel.examples.marp.routing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.Principal;
import dev.keel.examples.marp.MarpData;
import dev.keel.routing.PoolEntry;
import dev.keel.routing.RoutingDecision;
import dev.keel.routing.RoutingIndex;
import dev.keel.routing.RoutingOverride;
import dev.keel.routing.RoutingRequest;
import dev.keel.routing.RoutingTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The seed's routing rule, rule by rule, through the library's router. */
class LengthModTenStrategyTest {

    static final PoolEntry CHATGPT = new PoolEntry("chatgpt", "detailed_analysis", "internal_chatgpt");
    static final PoolEntry LLAMA = new PoolEntry("llama", "balanced_summary", "llama");
    static final PoolEntry DEEPSEEK = new PoolEntry("deepseek", "policy_summary", "deepseek");
    static final ScenarioTagger TAGGER = ScenarioTagger.of("scenario", List.of("1", "2", "3"), "0");

    /** The seed's strategy: index 0 ChatGPT (internal), 1 to 5 Llama, 6 to 9 Deepseek; SCENARIO 1 to 3. */
    static LengthModTenStrategy seed() {
        return LengthModTenStrategy.builder().entries(0, 0, CHATGPT).entries(1, 5, LLAMA).entries(6, 9, DEEPSEEK)
                .scenarioTagger(TAGGER).build();
    }

    static RoutingTable seedTable() {
        return RoutingTable.builder().strategy(seed()).internalBackendTarget("internal_chatgpt").build();
    }

    private final RoutingIndex marp = RoutingIndex.create(seedTable());

    private RoutingDecision route(String role, String clearance, String prompt, String digest) {
        return marp.route(RoutingRequest.builder().role(role).clearance(clearance).prompt(prompt).promptDigest(digest).build());
    }

    private static int n(RoutingDecision decision) {
        return (Integer) decision.detail().get("n");
    }

    private static int index(RoutingDecision decision) {
        return (Integer) decision.detail().get("index");
    }

    // ---- the key, N and the index ----

    @Test
    void theDocumentedExampleGivesTheSeedsNumbers() {
        RoutingDecision decision = RoutingIndex.create(MarpData.routingTable()).route(Principal.of("planner", "secret"),
                "SCENARIO 2: retire two boats in Q3 within the budget");

        assertThat(decision.routingKey()).isEqualTo("planner|secret|2|scenario-retire-boats-within-budget");
        assertThat(decision.detail()).containsExactly(java.util.Map.entry("scenario_tag", "2"),
                java.util.Map.entry("n", 49), java.util.Map.entry("index", 9));
        assertThat(decision.routerSelectedLlm()).isEqualTo("deepseek");
        assertThat(decision.backendTarget()).isEqualTo("deepseek");
    }

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
        assertThat(n(decision)).isEqualTo(n);
        assertThat(index(decision)).isEqualTo(n % 10);
        assertThat(LengthModTenStrategy.keyLength(role, clearance, (String) decision.detail().get("scenario_tag"),
                digest)).isEqualTo(n);
    }

    @Test
    void everyKindOfWhiteSpaceIsRemoved() {
        String spaces = "\t\n\u000B\f\r \u0085\u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000";

        assertThat(n(route("p", "s", "none", "a" + spaces + "b"))).isEqualTo(5);
        // Not white space: the zero-width space and the information separators stay.
        assertThat(n(route("p", "s", "none", "a\u200B\u001Fb"))).isEqualTo(7);
    }

    @Test
    void theCallersDigestWins() {
        RoutingDecision decision = route("planner", "secret", "SCENARIO 2: retire two boats", "my-digest");

        assertThat(n(decision)).isEqualTo(7 + 6 + 1 + 9);
    }

    @ParameterizedTest(name = "index {0} -> {1}, {2}, {3}")
    @CsvSource({
        "0, chatgpt,  detailed_analysis, internal_chatgpt",
        "1, llama,    balanced_summary,  llama",
        "5, llama,    balanced_summary,  llama",
        "6, deepseek, policy_summary,    deepseek",
        "9, deepseek, policy_summary,    deepseek",
    })
    void eachIndexSelectsTheSeedsEntry(int index, String llm, String mode, String target) {
        // role "r" (1) + clearance "c" (1) + tag (1) + a digest of 7 + index letters: N mod 10 = index.
        RoutingDecision decision = route("r", "c", "x", "d".repeat(7 + index));

        assertThat(index(decision)).isEqualTo(index);
        assertThat(decision.selection().entry()).isEqualTo(new PoolEntry(llm, mode, target));
        assertThat(decision.backendTarget()).isEqualTo(target);
        assertThat(seed().entry(index)).isEqualTo(new PoolEntry(llm, mode, target));
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
        assertThat(TAGGER.tag(prompt)).isEqualTo(tag);
        assertThat(route("planner", "secret", prompt, "d").detail().get("scenario_tag")).isEqualTo(tag);
    }

    @Test
    void severalScenariosAreReported() {
        assertThat(route("planner", "secret", "SCENARIO 3 vs SCENARIO 2", "d").reasonCodes().values())
                .containsExactly("scenario_multiple");
    }

    @Test
    void withoutATaggerEveryTagIsZero() {
        RoutingIndex untagged = RoutingIndex.create(RoutingTable.builder()
                .strategy(LengthModTenStrategy.builder().entries(0, 9, LLAMA).build())
                .internalBackendTarget("internal_chatgpt").build());

        assertThat(untagged.route(RoutingRequest.builder().role("r").clearance("c").prompt("SCENARIO 2")
                .promptDigest("d").build()).routingKey()).isEqualTo("r|c|0|d");
    }

    // ---- the library's rules over the strategy ----

    @Test
    void anInternalOnlyRequestRoutesInternalButKeepsTheSeedsLlm() {
        // planner (7) + secret (6) + tag 0 (1) + a digest of 4: index 8, deepseek, external without the safeguard.
        RoutingDecision decision = marp.route(RoutingRequest.builder().role("planner").clearance("secret")
                .prompt("Plan the retirement.").promptDigest("dddd").internalOnly(true).build());

        assertThat(index(decision)).isEqualTo(8);
        assertThat(decision.routerSelectedLlm()).isEqualTo("deepseek");
        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.reasonCodes().values()).containsExactly("internal_only");
    }

    @Test
    void theAuditorOverrideSelectsChatgptAndIsRecorded() {
        RoutingDecision decision = RoutingIndex.create(seedTable().toBuilder()
                .override(new RoutingOverride("auditor_override", "auditor", CHATGPT)).build())
                .route(RoutingRequest.builder().role("auditor").clearance("secret").prompt("trace the figures")
                        .promptDigest("d").build());

        assertThat(decision.selection().entry()).isNotEqualTo(CHATGPT);
        assertThat(decision.routerSelectedLlm()).isEqualTo("chatgpt");
        assertThat(decision.backendTarget()).isEqualTo("internal_chatgpt");
        assertThat(decision.override()).contains("auditor_override");
    }

    @Test
    void theWireFormHasTheOpTablesFieldsInTheirOrder() {
        assertThat(route("planner", "secret", "SCENARIO 2", "d").toWire().keySet()).containsExactly("scenario_tag",
                "routing_key", "n", "index", "router_selected_llm", "reasoning_mode", "backend_target",
                "top_secret_internal_only", "override");
    }
}

package dev.keel.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The committee's part of llm.config.json is defined once: its JSON Schema validates it and
 * {@link CommitteeConfigSpec} binds it. These cases hold what the reader accepts and refuses, and the two in step.
 */
class CommitteeConfigFormatTest {

    /** A valid document with members of the rest of the file too, which the committee leaves to their reader. */
    private static final String VALID = "{\"$schema\": \"https://keel.dev/schema/committee-config.schema.json\","
            + " \"description\": \"d\","
            + " \"providers\": {\"anthropic\": {\"api_key_env\": \"K\", \"timeout_ms\": 1000},"
            + "   \"openai\": {\"enabled\": false, \"base_url\": \"http://127.0.0.1:1\"}, \"local\": {\"enabled\": true}},"
            + " \"models\": {\"roles\": {"
            + "   \"master\": {\"provider\": \"anthropic\", \"model\": \"M\", \"fallback\": [\"solver\"]},"
            + "   \"solver\": {\"provider\": \" local \"}, \"critic\": {\"provider\": \"anthropic\"},"
            + "   \"verifier\": {\"provider\": \"anthropic\", \"description\": \"v\"},"
            + "   \"scorer\": {\"provider\": \"openai\"}, \"editor\": {\"provider\": \"nowhere\"},"
            + "   \"visual\": {\"provider\": \"anthropic\"}}},"
            + " \"pricing\": {\"m\": {\"input_usd_per_million\": 1, \"output_usd_per_million\": 2}},"
            + " \"policy\": {\"tauHard\": 0.4, \"tauSoft\": 0.4, \"otherNumber\": 3,"
            + "   \"deepMaxUsd\": {\"env\": \"DEEP\", \"default\": 0.5}, \"weights\": {\"visual\": 0.5}},"
            + " \"retry\": {\"max_attempts\": 3}}";

    @Test
    void everySchemaMemberIsARecordComponentAndEveryComponentASchemaMember() {
        assertThat(CommitteeConfigFormat.mismatches()).isEmpty();
    }

    @Test
    void membersOfTheRestOfTheFileAreLeftToTheirReader() {
        CommitteeConfig config = CommitteeConfig.fromTree(tree(document -> { }), name -> Optional.empty());
        assertThat(config.roles()).containsExactly(Map.entry("master", true), Map.entry("solver", true),
                Map.entry("critic", true), Map.entry("verifier", true), Map.entry("scorer", false),
                Map.entry("editor", false), Map.entry("visual", true));
        assertThat(config.availableAgents()).containsExactly("solver", "critic", "verifier", "visual");
        assertThat(config.scorerRole()).isEqualTo("master");
        assertThat(config.capUsd(Mode.ASK)).isEqualByComparingTo(CommitteeConfig.DEFAULT_NORMAL_MAX_USD);
        assertThat(config.capUsd(Mode.DEEP)).isEqualByComparingTo("0.5");
        assertThat(config.scoring().askUserThreshold()).isEqualByComparingTo("0.70");
        assertThat(config.scoring().weightOf("visual")).isEqualByComparingTo("0.5");
        assertThat(config.scoring().weightOf("solver")).isEqualByComparingTo("1");
    }

    @Test
    void capsAreNumbersOrReadFromTheEnvironment() {
        Map<String, Object> tree = tree(document -> policy(document).put("normalMaxUsd", 0));
        CommitteeConfig config = CommitteeConfig.fromTree(tree, name -> name.equals("DEEP")
                ? Optional.of(" 0.75 ") : Optional.empty());
        assertThat(config.capUsd(Mode.AUDIT)).isEqualByComparingTo("0");
        assertThat(config.capUsd(Mode.DEEP)).isEqualByComparingTo("0.75");
        assertThat(CommitteeConfig.fromTree(tree, name -> Optional.of("  ")).capUsd(Mode.DEEP))
                .as("a blank variable is unset").isEqualByComparingTo("0.5");
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                refused("a required member missing", d -> d.remove("policy"), "/policy: is required"),
                refused("tauSoft missing", d -> policy(d).remove("tauSoft"), "/policy/tauSoft: is required"),
                refused("a role without its provider", d -> role(d, "critic").remove("provider"),
                        "/models/roles/critic/provider: is required"),
                refused("the master missing", d -> roles(d).remove("master"),
                        "/models/roles/master: the committee needs this role"),
                refused("a blank provider", d -> role(d, "critic").put("provider", " "),
                        "/models/roles/critic/provider: must be a non-blank string, found ' '"),
                refused("a provider that is not an object", d -> providers(d).put("local", true),
                        "/providers/local: must be an object, found true"),
                refused("enabled not a boolean", d -> provider(d, "local").put("enabled", "yes"),
                        "/providers/local/enabled: must be a boolean, found 'yes'"),
                refused("a threshold above 1", d -> policy(d).put("tauSoft", 2),
                        "/policy/tauSoft: must be a number from 0 to 1, found the number 2"),
                refused("a threshold that is a string", d -> policy(d).put("tauHard", "0.4"),
                        "/policy/tauHard: must be a number from 0 to 1, found '0.4'"),
                refused("a negative cap", d -> policy(d).put("normalMaxUsd", new java.math.BigDecimal("-0.01")),
                        "/policy/normalMaxUsd: must be a number of at least 0, found the number -0.01"),
                refused("a cap that is a string", d -> policy(d).put("normalMaxUsd", "0.1"),
                        "/policy/normalMaxUsd: must be a number of at least 0, or {\"env\": NAME, \"default\"?:"
                                + " number}, found '0.1'"),
                refused("a cap without its variable", d -> policy(d).put("deepMaxUsd", Map.of("default", 1)),
                        "/policy/deepMaxUsd/env: is required"),
                refused("a variable that is no name", d -> policy(d).put("deepMaxUsd", Map.of("env", "1 X")),
                        "/policy/deepMaxUsd/env: must be the name of an environment variable (letters, digits and _,"
                                + " not starting with a digit), found '1 X'"),
                refused("a negative default", d -> policy(d).put("deepMaxUsd", Map.of("env", "D", "default", -1)),
                        "/policy/deepMaxUsd/default: must be a number of at least 0, found the number -1"),
                refused("weights not an object", d -> policy(d).put("weights", List.of()),
                        "/policy/weights: must be an object, found an array"));
    }

    private static Arguments refused(String name, Consumer<Map<String, Object>> change, String message) {
        return Arguments.of(name, change, message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refused")
    void eachProblemIsNamedAtItsPointer(String name, Consumer<Map<String, Object>> change, String message) {
        Map<String, Object> tree = tree(change);
        assertThatThrownBy(() -> CommitteeConfig.fromTree(tree, variable -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class).hasMessage(message);
    }

    @Test
    void aVariableUnsetWithoutADefaultOrNotANumberIsAProblemThatNeverQuotesTheValue() {
        Map<String, Object> tree = tree(document -> policy(document).put("normalMaxUsd", Map.of("env", "NORMAL")));
        assertThatThrownBy(() -> CommitteeConfig.fromTree(tree, variable -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/policy/normalMaxUsd: environment variable NORMAL is not set and there is no default");
        for (String value : List.of("-1", "sk-secret", "1e-40", "0.5.5")) {
            assertThatThrownBy(() -> CommitteeConfig.fromTree(tree, variable -> Optional.of(value)))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessage("/policy/normalMaxUsd: environment variable NORMAL is not a decimal number >= 0; "
                            + "/policy/deepMaxUsd: environment variable DEEP is not a decimal number >= 0");
        }
    }

    @Test
    void aDocumentThatIsNotAnObjectIsRefused() {
        assertThatThrownBy(() -> CommitteeConfig.fromTree(List.of(), variable -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class).hasMessage("/: must be an object, found an array");
        assertThatThrownBy(() -> CommitteeConfig.parse("[1]", variable -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageStartingWith("the LLM configuration is not a valid JSON object");
    }

    /** {@link #VALID} as a tree the case may change. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> tree(Consumer<Map<String, Object>> change) {
        Map<String, Object> tree = (Map<String, Object>) mutable(JsonCodec.strict().parseObject(VALID));
        change.accept(tree);
        return tree;
    }

    private static Object mutable(Object value) {
        if (value instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<?, ?>) value).forEach((key, member) -> copy.put((String) key, mutable(member)));
            return copy;
        }
        if (value instanceof List) {
            List<Object> copy = new ArrayList<>();
            ((List<?>) value).forEach(item -> copy.add(mutable(item)));
            return copy;
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> member(Map<String, Object> parent, String name) {
        return (Map<String, Object>) parent.get(name);
    }

    private static Map<String, Object> policy(Map<String, Object> document) {
        return member(document, "policy");
    }

    private static Map<String, Object> providers(Map<String, Object> document) {
        return member(document, "providers");
    }

    private static Map<String, Object> provider(Map<String, Object> document, String name) {
        return member(providers(document), name);
    }

    private static Map<String, Object> roles(Map<String, Object> document) {
        return member(member(document, "models"), "roles");
    }

    private static Map<String, Object> role(Map<String, Object> document, String name) {
        return member(roles(document), name);
    }
}

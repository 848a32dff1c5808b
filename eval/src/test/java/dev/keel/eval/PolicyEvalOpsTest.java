package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The {@code policy} and {@code filter} operations through the {@code keel eval} harness. */
class PolicyEvalOpsTest {

    private static final String POLICY = compact(resource("dev/keel/policy/marp_policy.json"));
    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.standard());
    private final JsonCodec codec = JsonCodec.strict();

    private static String resource(String name) {
        try (InputStream in = PolicyEvalOpsTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String compact(String json) {
        return JsonCodec.strict().write(JsonCodec.strict().parse(json));
    }

    private Map<String, Object> answer(String line) {
        return codec.parseObject(runner.answer(line));
    }

    @Test
    void bothOperationsAreRegistered() {
        assertThat(EvalOpRegistry.standard().names()).contains("policy", "filter");
    }

    @ParameterizedTest(name = "{0}/{1} {2} -> {3}")
    @CsvSource(delimiter = '|', value = {
        "planner | secret       | [\"capability_planning\"]   | {\"decision\":\"ALLOW\",\"reason_codes\":[\"role_default_allow\"]}",
        "planner | secret       | [\"marp_provenance_views\"] | {\"decision\":\"PARTIAL\",\"reason_codes\":[\"domain_not_allowed\"]}",
        "planner | unclassified | []                          | {\"decision\":\"DENY\",\"reason_codes\":[\"clearance_not_allowed\"]}",
        "admiral | secret       | []                          | {\"decision\":\"DENY\",\"reason_codes\":[\"role_unknown\"]}",
        "guest   | secret       | [\"marp_high_level_summaries\"] | {\"decision\":\"PARTIAL\",\"reason_codes\":[\"role_default_partial\"]}",
    })
    void policyDecides(String role, String clearance, String domains, String expected) {
        String line = "{\"op\":\"policy\",\"input\":{\"policy\":" + POLICY + ",\"role\":\"" + role + "\",\"clearance\":\""
                + clearance + "\",\"domains\":" + domains + "}}";

        assertThat(runner.answer(line)).isEqualTo(expected);
    }

    @Test
    void policyWithoutPrincipalDenies() {
        assertThat(runner.answer("{\"op\":\"policy\",\"input\":{\"policy\":" + POLICY + "}}"))
                .isEqualTo("{\"decision\":\"DENY\",\"reason_codes\":[\"principal_missing\"]}");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no policy          | {\"role\":\"planner\",\"clearance\":\"secret\"}                     | invalid_input  | /policy: required",
        "role only          | {\"policy\":POLICY,\"role\":\"planner\"}                              | invalid_input  | /clearance: required when /role is given",
        "clearance a number | {\"policy\":POLICY,\"role\":\"planner\",\"clearance\":3}               | invalid_input  | /clearance: must be a string, found the number 3",
        "domain not string  | {\"policy\":POLICY,\"role\":\"p\",\"clearance\":\"s\",\"domains\":[1]} | invalid_input  | /domains/0: must be a string",
        "unknown field      | {\"policy\":POLICY,\"prompt\":\"x\"}                                  | invalid_input  | /prompt: unknown key; expected one of clearance, domains, policy, role",
        "invalid policy     | {\"policy\":{\"policy_id\":\"p\",\"version\":\"1\",\"roles\":{\"planner\":{\"allowed_clearances\":[],\"allowed_domains\":[],\"default_decision\":\"DENY\"}}}} | invalid_policy | /policy/roles/planner/allowed_clearances: must list at least one clearance",
    })
    void policyRejectsBadInputNamingTheField(String name, String input, String code, String messageStart) {
        Map<?, ?> error = (Map<?, ?>) answer("{\"op\":\"policy\",\"input\":"
                + input.replace("POLICY", POLICY) + "}").get("error");

        assertThat(error.get("code")).isEqualTo(code);
        assertThat((String) error.get("message")).startsWith(messageStart);
    }

    @Test
    void anInputMayNameASchema() {
        assertThat(runner.answer("{\"op\":\"policy\",\"input\":{\"$schema\":\"https://example.org/policy-input.json\","
                + "\"policy\":" + POLICY + "}}"))
                .isEqualTo("{\"decision\":\"DENY\",\"reason_codes\":[\"principal_missing\"]}");
    }

    @Test
    void everyProblemOfAnInputIsNamedAtOnce() {
        Map<?, ?> policyError = (Map<?, ?>) answer("{\"op\":\"policy\",\"input\":{\"policy\":null,\"role\":7,"
                + "\"domains\":[\"a\",false],\"prompt\":\"x\"}}").get("error");
        Map<?, ?> filterError = (Map<?, ?>) answer("{\"op\":\"filter\",\"input\":{\"decision\":\"MAYBE\"}}").get("error");

        assertThat(policyError.get("code")).isEqualTo("invalid_input");
        assertThat(policyError.get("message")).isEqualTo("/prompt: unknown key; expected one of clearance, domains, policy, role; "
                + "/policy: must be a policy document, found null; "
                + "/role: must be a string, found the number 7; "
                + "/clearance: required when /role is given (leave both out for no principal); "
                + "/domains/1: must be a string, found false");
        assertThat(filterError.get("message")).isEqualTo("/decision: must be ALLOW, PARTIAL or DENY, found 'MAYBE'; /text: required");
    }

    @Test
    void aHostileNumberIsNamedShortly() {
        Map<String, Object> input = new java.util.LinkedHashMap<>(codec.parseObject("{\"policy\":" + POLICY + "}"));
        input.put("role", new java.math.BigDecimal("1e999999"));
        input.put("clearance", new java.math.BigDecimal("1e-999999"));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new PolicyEvalOp().apply(input))
                .isInstanceOf(dev.keel.core.InvalidInputException.class)
                .hasMessage("/role: must be a string, found the number 1E+999999; "
                        + "/clearance: must be a string, found the number 1E-999999");
    }

    @Test
    void filterWithholdsUnderPartial() {
        Map<String, Object> result = answer("{\"op\":\"filter\",\"input\":{\"decision\":\"PARTIAL\","
                + "\"text\":\"Retire two boats in Q3 at 80% of capability.\"}}");

        assertThat(result).containsEntry("text",
                "Retire [figure withheld] boats in [quarter withheld] at [percentage withheld] of capability.");
        assertThat((List<?>) result.get("redactions")).hasSize(3);
    }

    @Test
    void filterAppliesThePolicysRestrictionsUnderAllow() {
        Map<String, Object> result = answer("{\"op\":\"filter\",\"input\":{\"decision\":\"ALLOW\",\"policy\":" + POLICY
                + ",\"text\":\"Hull 12 retires in Q3.\"}}");

        assertThat(result).containsEntry("text", "[unit withheld] retires in Q3.");
        assertThat((List<?>) result.get("redactions")).singleElement()
                .satisfies(r -> {
                    assertThat(((Map<?, ?>) r).get("kind")).isEqualTo("no_unit_level_ids");
                    assertThat(((Map<?, ?>) r).get("removed")).isEqualTo("Hull 12");
                });
    }

    @Test
    void filterUnderDenyProducesNoText() {
        assertThat(answer("{\"op\":\"filter\",\"input\":{\"decision\":\"DENY\",\"text\":\"secret plan\"}}"))
                .containsEntry("text", "");
    }

    @Test
    void filterRejectsAnUnknownDecision() {
        Map<?, ?> error = (Map<?, ?>) answer(
                "{\"op\":\"filter\",\"input\":{\"decision\":\"MAYBE\",\"text\":\"x\"}}").get("error");

        assertThat((String) error.get("message")).startsWith("/decision: must be ALLOW, PARTIAL or DENY");
    }

    @Test
    void aStreamOfLinesIsAnsweredInOrder() {
        StringWriter out = new StringWriter();
        runner.run(new StringReader("{\"op\":\"filter\",\"input\":{\"decision\":\"PARTIAL\",\"text\":\"Q3\"}}\n"
                + "not json\n"
                + "{\"op\":\"policy\",\"input\":{\"policy\":" + POLICY + ",\"role\":\"guest\",\"clearance\":\"secret\"}}\n"), out);

        assertThat(out.toString().split("\n")).hasSize(3).satisfies(lines -> {
            assertThat(lines[0]).contains("[quarter withheld]");
            assertThat(lines[1]).startsWith("{\"error\"");
            assertThat(lines[2]).contains("role_default_partial");
        });
    }
}

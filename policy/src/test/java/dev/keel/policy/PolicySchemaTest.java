package dev.keel.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The published JSON Schema agrees with the validator: it accepts the examples and rejects what the validator rejects. */
class PolicySchemaTest {

    private static final Schema SCHEMA = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(resource("dev/keel/policy/schema/policy-document.schema.json"), InputFormat.JSON);

    private static String resource(String name) {
        try (InputStream in = PolicySchemaTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<Error> schemaErrors(String json) {
        return SCHEMA.validate(json, InputFormat.JSON);
    }

    @Test
    void theMarpPolicyValidatesAgainstTheSchema() {
        assertThat(schemaErrors(MarpFixtures.policyJson())).isEmpty();
    }

    /** A restriction that uses a shipped set, and the filter's limit: the committee service's policy has both kinds. */
    @Test
    void aPolicyUsingARestrictionSetValidates() throws IOException {
        String committee = java.nio.file.Files.readString(java.nio.file.Path.of("..", "examples", "committee", "src",
                "main", "resources", "committee", "policy.json"));
        String withLimit = committee.replace("\"partial_instruction\"",
                "\"outbound_filter\": {\"max_input_chars\": 65536}, \"partial_instruction\"");

        assertThat(schemaErrors(committee)).isEmpty();
        assertThat(schemaErrors(withLimit)).isEmpty();
        assertThat(PolicyDocument.parse(withLimit).filterMaxInputChars()).isEqualTo(65536);
    }

    @Test
    void aPolicyWithClearanceLevelsAndDeniedDomainsValidates() {
        assertThat(schemaErrors(DeniedDomainsAndClearanceLevelsTest.WARD)).isEmpty();
    }

    @Test
    void theDocumentedExamplesValidate() {
        String minimal = "{ \"policy_id\": \"marp-fleet-transition\", \"version\": \"1\","
                + " \"roles\": { \"planner\": { \"allowed_clearances\": [\"secret\", \"top_secret\"],"
                + " \"allowed_domains\": [\"capability_planning\", \"transition_calendars\", \"budget_envelopes\"],"
                + " \"default_decision\": \"ALLOW\" } } }";
        assertThat(schemaErrors(minimal)).isEmpty();
        PolicyDocument.parse(minimal);
    }

    /** The first json block of docs/policy.md: the format's documentation shows a document that really is valid. */
    @Test
    void theExampleInTheDocumentationIsValid() throws IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "policy.md"));
        int start = doc.indexOf("```json\n") + "```json\n".length();
        String json = doc.substring(start, doc.indexOf("```", start));

        assertThat(schemaErrors(json)).isEmpty();
        PolicyDocument documented = PolicyDocument.parse(json);
        assertThat(documented.roles()).containsKeys("planner", "guest");
        assertThat(documented.domainRules()).hasSize(4);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"P\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\",\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"DENY\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[\"Top Secret\"],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\",\"extra\":1}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[{\"id\":\"r\",\"patterns\":[]}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"domain_rules\":[{\"phrases\":[\"a**\"],\"domains\":[\"d\"]}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"domain_rules\":[{\"phrases\":[\"a\"],\"domains\":[\"d\"],\"max_gap\":11}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"clearance_levels\":[\"s\",\"s\"],\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\",\"denied_domains\":[\"Patients\"]}}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[{\"id\":\"r\"}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[{\"id\":\"r\",\"patterns\":[\"a\"],\"use\":\"keel:credentials\"}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"restrictions\":[{\"id\":\"r\",\"use\":\"keel:passwords\"}]}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"outbound_filter\":{\"max_input_chars\":0}}",
        "{\"policy_id\":\"x\",\"version\":\"1\",\"roles\":{\"p\":{\"allowed_clearances\":[\"s\"],\"allowed_domains\":[],\"default_decision\":\"ALLOW\"}},\"outbound_filter\":{\"max_chars\":10}}"
    })
    void whatTheValidatorRejectsTheSchemaRejects(String json) {
        assertThatThrownBy(() -> PolicyDocument.parse(json)).isInstanceOf(PolicyValidationException.class);
        assertThat(schemaErrors(json)).isNotEmpty();
    }
}

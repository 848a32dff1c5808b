package dev.keel.committee;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The committee's part of llm.config.json: roles, flags by provider, caps from the environment, pointer errors. */
class CommitteeConfigTest {

    static String shipped() throws IOException {
        try (InputStream in = CommitteeConfigTest.class.getResourceAsStream("/llm.config.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theSampleConfigurationReads() throws IOException {
        CommitteeConfig config = CommitteeConfig.parse(shipped(), name -> Optional.empty());
        assertThat(config.availableAgents()).containsExactly("solver", "critic", "verifier", "editor", "implementer",
                "visual");
        assertThat(config.roles()).containsEntry("promptsmith", false).containsEntry("grok", false);
        assertThat(config.capUsd(Mode.ASK)).isEqualByComparingTo("0.10");
        assertThat(config.capUsd(Mode.AUDIT)).isEqualByComparingTo("0.10");
        assertThat(config.capUsd(Mode.DEEP)).isEqualByComparingTo("0.50");
        assertThat(config.scoring().askUserThreshold()).isEqualByComparingTo("0.70");
        assertThat(config.scorerRole()).isEqualTo("master");
    }

    @Test
    void theDeepCapComesFromTheEnvironmentWhenSet() throws IOException {
        Map<String, String> env = Map.of("KEEL_DEEP_MAX_USD", "0.80");
        CommitteeConfig config = CommitteeConfig.parse(shipped(), name -> Optional.ofNullable(env.get(name)));
        assertThat(config.capUsd(Mode.DEEP)).isEqualByComparingTo("0.80");
        assertThatThrownBy(() -> CommitteeConfig.parse(shipped(), name -> Optional.of("lots")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/policy/deepMaxUsd: environment variable KEEL_DEEP_MAX_USD is not a decimal number >= 0");
    }

    @Test
    void everyProblemTheSchemaFindsIsNamedByItsPointer() {
        String config = "{\"providers\": {\"anthropic\": {\"api_key_env\": \"K\"}}, \"models\": {\"roles\": {"
                + "\"master\": {\"provider\": \"anthropic\", \"model\": \"M\"},"
                + "\"solver\": {\"provider\": \"anthropic\", \"model\": \"S\"}}},"
                + "\"policy\": {\"tauHard\": 0.7, \"tauSoft\": 0.6, \"askUserThreshold\": 1.5,"
                + " \"weights\": {\"solver\": -1, \"ghost\": 1}}}";
        assertThatThrownBy(() -> CommitteeConfig.parse(config, name -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/models/roles/critic: the committee needs this role; "
                        + "/models/roles/verifier: the committee needs this role; "
                        + "/policy/askUserThreshold: must be a number from 0 to 1, found the number 1.5; "
                        + "/policy/weights/solver: must be a number of at least 0, found the number -1");
    }

    @Test
    void rulesAcrossMembersAreCheckedOnceTheDocumentMatchesTheSchema() {
        String config = "{\"providers\": {\"anthropic\": {}}, \"models\": {\"roles\": {"
                + "\"master\": {\"provider\": \"anthropic\"}, \"solver\": {\"provider\": \"anthropic\"},"
                + " \"critic\": {\"provider\": \"anthropic\"}, \"verifier\": {\"provider\": \"anthropic\"}}},"
                + "\"policy\": {\"tauHard\": 0.7, \"tauSoft\": 0.6, \"weights\": {\"solver\": 1, \"gh/ost\": 1}}}";
        assertThatThrownBy(() -> CommitteeConfig.parse(config, name -> Optional.empty()))
                .isInstanceOf(ConfigurationException.class)
                .hasMessage("/policy/tauHard: must not be above tauSoft; "
                        + "/policy/weights/gh~1ost: names no role under /models/roles");
    }
}

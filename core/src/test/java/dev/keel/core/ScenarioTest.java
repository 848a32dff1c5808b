package dev.keel.core;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SCENARIO 1: retire two boats|SCENARIO_1",
        "scenario 2|SCENARIO_2",
        "Scenario3 please|SCENARIO_3",
        "scenario-2 and scenario_3|SCENARIO_2",
        "SCENARIO 3 then SCENARIO 1|SCENARIO_1",
        "SCENARIO\u00A02|SCENARIO_2",
        "SCENARIO 12|NONE",
        "SCENARIO 4|NONE",
        "subscenario 2|NONE",
        "scenarios 2|NONE",
        "no flag here|NONE",
    })
    void detectsTheSeedsFlag(String prompt, Scenario expected) {
        assertThat(Scenario.detect(prompt)).isEqualTo(expected);
    }

    @Property(tries = 2000)
    void detectionNeverThrowsAndAgreesWithTheMentionedSet(@ForAll String prompt) {
        Scenario detected = Scenario.detect(prompt);
        assertThat(detected == Scenario.NONE).isEqualTo(Scenario.mentioned(prompt).isEmpty());
        assertThat(Scenario.mentioned(prompt)).doesNotContain(Scenario.NONE);
    }
}

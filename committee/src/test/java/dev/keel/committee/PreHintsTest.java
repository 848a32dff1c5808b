package dev.keel.committee;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The deterministic hints, with the reasons that raised them. */
class PreHintsTest {

    private static CommitteeRequest request(String message, List<CommitteeRequest.Attachment> attachments) {
        return new CommitteeRequest(Source.DISCORD, Mode.ASK, new CommitteeRequest.User("u1", "Ada"),
                CommitteeRequest.Context.none(), message, attachments);
    }

    @Test
    void eachKindOfHintHasItsReasons() {
        PreHints hints = PreHints.of(request("Write a rubric and a prompt template for the deploy review",
                List.of(new CommitteeRequest.Attachment("diagram.PNG", "https://example.org/d", null))));
        assertThat(hints.types()).containsExactly(TaskType.VISUAL_ANALYSIS, TaskType.PROMPT_ENGINEERING,
                TaskType.TECHNICAL_EXECUTION);
        assertThat(hints.suggested()).contains(TaskType.MIXED);
        assertThat(Scripts.CODEC.write(hints.toWire())).isEqualTo("{\"VISUAL_ANALYSIS\":[\"image diagram.PNG\"],"
                + "\"PROMPT_ENGINEERING\":[\"word 'rubric'\",\"word 'prompt'\",\"word 'template'\"],"
                + "\"TECHNICAL_EXECUTION\":[\"word 'deploy'\"]}");
    }

    @Test
    void aCodeFenceAloneHintsTechnicalExecutionAndPlainProseNothing() {
        assertThat(PreHints.of(request("Why does this fail?\n```\nnull\n```", List.of())).suggested())
                .contains(TaskType.TECHNICAL_EXECUTION);
        assertThat(PreHints.of(request("Is the argument in this essay sound?", List.of())).suggested()).isEmpty();
        assertThat(PreHints.of(request("Promptly decode the codex", List.of())).types()).isEmpty();
    }
}

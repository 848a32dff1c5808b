package dev.keel.core.content;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PartTest {

    record Figure(String name, BigDecimal value) {
    }

    @Test
    void eachKindRendersAsATextPromptCarriesIt() {
        assertThat(Part.text("plain\nline").rendered()).isEqualTo("plain\nline");
        assertThat(Part.markdown("**fo**rty").rendered()).isEqualTo("**fo**rty");
        assertThat(Part.json(Map.of("request", "a\nb")).rendered()).isEqualTo("{\"request\":\"a\\nb\"}");
        assertThat(Part.json(null).rendered()).isEqualTo("null");
        assertThat(Part.Attachment.of("memo.pdf", "https://files.example/memo.pdf", "application/pdf", "Body")
                .rendered()).isEqualTo("Attachment: memo.pdf <https://files.example/memo.pdf> (application/pdf)\nBody");
        assertThat(Part.Attachment.of("memo.pdf", null, null, null).rendered()).isEqualTo("Attachment: memo.pdf");
        assertThat(Part.ToolCall.of("c1", "lookup", Map.of("id", 7)).rendered())
                .isEqualTo("{\"tool_call\":{\"id\":\"c1\",\"name\":\"lookup\",\"arguments\":{\"id\":7}}}");
        assertThat(Part.ToolResult.of("c1", "lookup", "done").rendered())
                .isEqualTo("{\"tool_result\":{\"id\":\"c1\",\"name\":\"lookup\",\"result\":\"done\"}}");
    }

    @Test
    void aJsonPartHoldsAPlainTree() {
        Part.Json json = Part.json(new Figure("o", new BigDecimal("383.29")));

        assertThat(json.value()).isEqualTo(Map.of("name", "o", "value", new BigDecimal("383.29")));
        assertThat(json).isEqualTo(Part.json(Map.of("name", "o", "value", new BigDecimal("383.29"))));
    }

    @Test
    void labelsTravelWithTheirPartAndJoinOverAMessage() {
        Labels legal = Labels.of(Set.of("legal"), true, Decision.PARTIAL);
        Labels finance = Labels.of(Set.of("finance"), false, Decision.ALLOW);
        ChatMessage message = ChatMessage.of(ChatRole.USER, Part.text("a").withLabels(legal),
                Part.markdown("b").withLabels(finance));

        assertThat(message.text()).isEqualTo("a\n\nb");
        assertThat(message.labels()).isEqualTo(Labels.of(Set.of("finance", "legal"), true, Decision.PARTIAL));
        assertThat(message.mapParts(part -> part.withLabels(Labels.NONE)).labels()).isEqualTo(Labels.NONE);
        assertThat(ChatMessage.user("x")).isEqualTo(new ChatMessage(ChatRole.USER, List.of(Part.text("x"))));
        assertThatThrownBy(() -> new ChatMessage(ChatRole.USER, List.of())).isInstanceOf(InvalidInputException.class);
    }
}

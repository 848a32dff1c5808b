package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import dev.keel.core.InvalidInputException;
import dev.keel.core.WireFormatException;
import dev.keel.core.content.Part;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The JSON budget on values it must not be fooled by, and on the texts a model writes. */
class JsonBudgetTest {

    private static Object lists(int depth) {
        Object value = "bottom";
        for (int i = 0; i < depth; i++) {
            value = List.of(value);
        }
        return value;
    }

    @Test
    void theBudgetsDepthIsWithinItAndOneLevelMoreIsTooDeep() {
        assertThat(JsonBudget.exceeded(lists(JsonBudget.MAX_DEPTH))).isEmpty();
        assertThat(JsonBudget.exceeded(lists(JsonBudget.MAX_DEPTH + 1))).contains(JsonBudget.TOO_DEEP);
        assertThat(JsonBudget.exceeded("a scalar is depth 0")).isEmpty();
        assertThat(JsonBudget.exceeded(null)).isEmpty();
    }

    @Test
    void aValueNestedAMillionDeepIsTooDeepWithoutBeingWalkedToTheBottom() {
        Object deep = lists(1_000_000);

        assertThat(JsonBudget.exceeded(deep)).contains(JsonBudget.TOO_DEEP);
        assertThat(Part.json(deep).value()).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
    }

    @Test
    void aValueThatHoldsItselfIsTooDeepAndOneThatSharesABranchEndlesslyIsTooLarge() {
        Map<String, Object> cycle = new HashMap<>();
        cycle.put("self", cycle);
        // Thirty levels of one list held twice: 2^30 leaves to write, a few pointers to hold.
        Object shared = "leaf";
        for (int i = 0; i < 30; i++) {
            shared = List.of(shared, shared);
        }
        Object branches = shared;

        assertThat(JsonBudget.exceeded(cycle)).contains(JsonBudget.TOO_DEEP);
        assertThat(assertTimeout(Duration.ofSeconds(10),
                () -> JsonBudget.exceeded(branches))).contains(JsonBudget.TOO_LARGE);
        assertThat(JsonBudget.largerThan(cycle, 1000)).isTrue();
    }

    @Test
    void theSizeIsTheCompactTextsLengthWithEachEscapeCountedAsOneCharacter() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("rows", List.of(1, "two", true, false));
        value.put("note", null);
        value.put("line", "a\nb");
        String written = JsonCodec.strict().write(value);

        // The line break is written as two characters and counted as one.
        assertThat(JsonBudget.largerThan(value, written.length() - 2)).isTrue();
        assertThat(JsonBudget.largerThan(value, written.length() - 1)).isFalse();
    }

    @Test
    void thePlaceholderNamesItsCodeAndIsKnownAgainAfterAWriteAndARead() {
        Map<String, Object> placeholder = JsonBudget.withheld(JsonBudget.TOO_DEEP);

        assertThat(JsonCodec.strict().write(placeholder)).isEqualTo(
                "{\"withheld\":true,\"reason_codes\":[\"json_too_deep\"]}");
        assertThat(JsonBudget.withheldCode(JsonCodec.strict().parse(JsonCodec.strict().write(placeholder))))
                .contains(JsonBudget.TOO_DEEP);
        assertThat(JsonBudget.withheldCode(JsonBudget.withheld(JsonBudget.TOO_LARGE))).contains(JsonBudget.TOO_LARGE);
        assertThat(JsonBudget.withheldCode(Map.of("withheld", true, "reason_codes", List.of("tool_failed"))))
                .isEmpty();
        assertThat(JsonBudget.withheldCode("withheld")).isEmpty();
        assertThatThrownBy(() -> JsonBudget.withheld("tool_failed")).isInstanceOf(InvalidInputException.class);
    }

    @Test
    void aModelsTextPastTheBudgetReadsAsThePlaceholderAndMalformedTextIsStillRefused() {
        String deepest = "{\"a\":".repeat(100) + "1" + "}".repeat(100);
        String deepWithinTheCodec = "{\"a\":".repeat(40) + "1" + "}".repeat(40);
        String longString = "{\"a\":\"" + "x".repeat(1_000_001) + "\"}";

        assertThat(JsonBudget.readObject(deepest)).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
        assertThat(JsonBudget.readObject(deepWithinTheCodec)).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
        assertThat(JsonBudget.readObject(longString)).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_LARGE));
        assertThat(JsonBudget.readObject("{\"a\":[1,2]}")).isEqualTo(Map.of("a", List.of(
                new BigDecimal("1"), new BigDecimal("2"))));
        assertThatThrownBy(() -> JsonBudget.readObject("{\"a\":")).isInstanceOf(WireFormatException.class)
                .extracting("code").isEqualTo("json_malformed");
        assertThatThrownBy(() -> JsonBudget.readObject("[1]")).isInstanceOf(WireFormatException.class)
                .extracting("code").isEqualTo("json_not_an_object");
    }

    @Test
    void aPartPastTheBudgetRendersItsPlaceholderAndACallPastItHoldsThePlaceholderAsItsArguments() {
        Map<String, Object> arguments = new HashMap<>();
        arguments.put("rows", new ArrayList<>(List.of(lists(200))));

        Part.ToolCall call = Part.ToolCall.of("c1", "ledger", arguments);
        Part.ToolResult result = Part.ToolResult.of("c1", "ledger", lists(200));

        assertThat(call.arguments()).isEqualTo(JsonBudget.withheld(JsonBudget.TOO_DEEP));
        assertThat(result.rendered()).isEqualTo("{\"tool_result\":{\"id\":\"c1\",\"name\":\"ledger\","
                + "\"result\":{\"withheld\":true,\"reason_codes\":[\"json_too_deep\"]}}}");
        assertThat(Part.json(lists(JsonBudget.MAX_DEPTH)).value()).isEqualTo(lists(JsonBudget.MAX_DEPTH));
    }

    @Test
    void aModelsReplyPastTheBudgetIsAProblemToAskAgainAboutNotAValue() {
        String deep = "{\"a\":".repeat(40) + "1" + "}".repeat(40);

        ModelJson.Reading reading = ModelJson.read(JsonCodec.strict(), deep);

        assertThat(reading.ok()).isFalse();
        assertThat(reading.value()).isNull();
        assertThat(reading.code()).isEqualTo(JsonBudget.TOO_DEEP);
        assertThat(reading.problem()).isEqualTo("the output is nested deeper than 32 levels; return a flatter JSON"
                + " object");
    }
}

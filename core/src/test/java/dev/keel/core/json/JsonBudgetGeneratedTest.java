package dev.keel.core.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.content.Part;
import dev.keel.test.properties.Property;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON budget over generated values ({@link JsonBudgetCases}): nested as objects, arrays or both, at, just under
 * and just over its depth and far past it, and shallow values at, just under and just over its size. The budget
 * withholds exactly the values past it, with the code of what they pass; its size is the value's compact text; every
 * kind of part holds a value within the budget as given and the placeholder of one past it, and renders into text the
 * codec reads back; a model's tool-call arguments read as the same; a model's JSON reply past the budget is a problem
 * with the budget's code, to ask again about.
 */
class JsonBudgetGeneratedTest {

    private static final JsonCodec CODEC = JsonCodec.strict();

    @Test
    void theBudgetWithholdsExactlyTheValuesPastItsDepth() {
        Property.forAll(JsonBudgetCases.nested()).tries(300).check(JsonBudgetGeneratedTest::budgetAgrees);
    }

    @Test
    void theBudgetWithholdsExactlyTheValuesPastItsSize() {
        Property.forAll(JsonBudgetCases.sized()).tries(12).check(JsonBudgetGeneratedTest::budgetAgrees);
    }

    private static void budgetAgrees(JsonBudgetCases.Case generated) {
        Object value = generated.value();
        assertThat(JsonBudget.exceeded(value)).as("%s", generated).isEqualTo(generated.overBudget());
        assertThat(JsonBudget.within(value)).as("%s", generated).isEqualTo(generated.held());
        // The size is the length of the compact text, to the character.
        assertThat(JsonBudget.largerThan(value, generated.size())).as("%s", generated).isFalse();
        assertThat(JsonBudget.largerThan(value, generated.size() - 1)).as("%s", generated).isTrue();
    }

    @Test
    void everyKindOfPartHoldsTheValueOrItsPlaceholderAndRendersTextTheCodecReadsBack() {
        Property.forAll(JsonBudgetCases.nestedObjects()).tries(300).check(generated -> {
            Object held = generated.held();
            @SuppressWarnings("unchecked")
            Map<String, Object> arguments = (Map<String, Object>) generated.value();
            List<Part> parts = List.of(Part.json(generated.value()),
                    Part.ToolResult.of("c1", "ledger", generated.value()), Part.ToolCall.of("c1", "ledger", arguments));

            assertThat(((Part.Json) parts.get(0)).value()).as("%s", generated).isEqualTo(held);
            assertThat(((Part.ToolResult) parts.get(1)).result()).as("%s", generated).isEqualTo(held);
            assertThat(((Part.ToolCall) parts.get(2)).arguments()).as("%s", generated).isEqualTo(held);
            for (Part part : parts) {
                // Within the budget, a value fits the envelope of a rendered call or result and reads back.
                assertThat(CODEC.write(CODEC.parse(part.rendered()))).as("%s", generated).isEqualTo(part.rendered());
            }
        });
    }

    @Test
    void aModelsTextReadsAsTheObjectWithinTheBudgetOrThePlaceholder() {
        Property.forAll(JsonBudgetCases.nestedObjects()).tries(300).check(generated ->
                assertThat(JsonBudget.readObject(generated.json())).as("%s", generated).isEqualTo(generated.held()));
        Property.forAll(JsonBudgetCases.sized()).tries(8).check(generated ->
                assertThat(JsonBudget.readObject(generated.json())).as("%s", generated).isEqualTo(generated.held()));
    }

    @Test
    void aModelsReplyIsItsValueWithinTheBudgetAndAProblemWithTheBudgetsCodePastIt() {
        Property.forAll(JsonBudgetCases.nested()).tries(300).check(generated -> {
            ModelJson.Reading reading = ModelJson.read(CODEC, generated.json());

            assertThat(reading.ok()).as("%s", generated).isEqualTo(generated.overBudget().isEmpty());
            if (reading.ok()) {
                assertThat(reading.value()).as("%s", generated).isEqualTo(CODEC.parse(generated.json()));
            } else {
                assertThat(reading.code()).as("%s", generated).isEqualTo(generated.overBudget().get());
            }
        });
    }
}

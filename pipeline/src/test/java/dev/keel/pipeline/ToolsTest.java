package dev.keel.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.InvalidInputException;
import dev.keel.core.spi.ToolSpec;
import dev.keel.policy.ToolPlacement;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Offering tools: the policy and the gate know a tool by its canonical name, so a second spelling of an offered
 * tool's name is refused when it is offered, whichever way each is offered, rather than let two tools share one
 * policy entry.
 */
class ToolsTest {

    private static final ToolExecutor EXECUTOR = call -> "ok";

    @ParameterizedTest
    @ValueSource(strings = {"payroll_summary", "Payroll-Summary", "PAYROLL SUMMARY", " payroll_summary\t",
        "\uFF50\uFF41\uFF59\uFF52\uFF4F\uFF4C\uFF4C\uFF3F\uFF53\uFF55\uFF4D\uFF4D\uFF41\uFF52\uFF59",
        "pay\u200Broll\u2014summary", "payroll__summary"})
    void aSecondSpellingOfAnOfferedToolsNameIsRefused(String spelling) {
        List<UnaryOperator<Tools.Builder>> offers = List.of(
                builder -> builder.tool(ToolSpec.of(spelling, ""), EXECUTOR),
                builder -> builder.tool(ToolSpec.of(spelling, ""), EXECUTOR, ToolPlacement.EXTERNAL));
        for (UnaryOperator<Tools.Builder> offer : offers) {
            Tools.Builder builder = Tools.builder().tool(ToolSpec.of("payroll_summary", ""), EXECUTOR,
                    ToolPlacement.INTERNAL);
            assertThatThrownBy(() -> offer.apply(builder)).isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("'payroll_summary'").hasMessageContaining(spelling.equals("payroll_summary")
                            ? "offered twice" : "compares tool names in canonical form (payroll_summary)");
        }
        Tools.Builder byCaller = Tools.builder().runByCaller(ToolSpec.of("payroll_summary", ""));
        assertThatThrownBy(() -> byCaller.runByCaller(ToolSpec.of(spelling, ""), ToolPlacement.EXTERNAL))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("payroll_summary");
    }

    @Test
    void toolsOfDifferentCanonicalNamesAreOfferedUnderTheirOwnNames() {
        Tools tools = Tools.builder().tool(ToolSpec.of("payroll_summary", ""), EXECUTOR)
                .tool(ToolSpec.of("payroll.summary", ""), EXECUTOR, ToolPlacement.EXTERNAL)
                .tool(ToolSpec.of("Payroll-Summary-2", ""), EXECUTOR).build();

        assertThat(tools.specs()).extracting(ToolSpec::name).containsExactly("payroll_summary", "payroll.summary",
                "Payroll-Summary-2");
        assertThat(tools.executor("Payroll-Summary-2")).containsSame(EXECUTOR);
        assertThat(tools.placements()).containsOnlyKeys("payroll.summary");
    }
}

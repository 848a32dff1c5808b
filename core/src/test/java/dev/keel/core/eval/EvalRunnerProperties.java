package dev.keel.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class EvalRunnerProperties {

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.of(new EvalRunnerTest.EchoOp()));

    @Property(tries = 500)
    void oneOutputLinePerInputLineWhateverTheLinesHold(@ForAll List<String> lines) {
        List<String> singleLines = lines.stream().map(l -> l.replaceAll("[\\r\\n]", " ")).toList();
        StringWriter out = new StringWriter();

        EvalSummary summary = runner.run(new StringReader(String.join("\n", singleLines) + (singleLines.isEmpty() ? "" : "\n")), out);

        assertThat(summary.lines()).isEqualTo(singleLines.size());
        assertThat(out.toString().chars().filter(c -> c == '\n').count()).isEqualTo(singleLines.size());
    }
}

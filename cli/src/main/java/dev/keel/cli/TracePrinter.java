package dev.keel.cli;

import dev.keel.pipeline.TraceStep;
import java.util.List;
import java.util.function.Consumer;

/** The {@code --trace} section the demos print before their answer: one line per step of the governed call. */
final class TracePrinter {

    private TracePrinter() {
    }

    /** "# Trace", a line {@code - step: summary} per step, and a blank line, each given to {@code line}. */
    static void print(Consumer<String> line, List<TraceStep> trace) {
        line.accept("# Trace");
        for (TraceStep step : trace) {
            line.accept("- " + step.step() + ": " + step.summary());
        }
        line.accept("");
    }
}

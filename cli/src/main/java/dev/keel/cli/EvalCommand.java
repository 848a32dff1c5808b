package dev.keel.cli;

import dev.keel.eval.EvalOpRegistry;
import dev.keel.eval.EvalRunner;
import java.io.BufferedWriter;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code keel eval}: JSON Lines on standard input, one JSON object per line on standard output. */
@Command(
        name = "eval",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Evaluate JSON Lines requests from standard input, one result line per input line, in order.",
            "",
            "Each line is {\"op\": \"<op>\", \"input\": {...}}. Each output line is the op's result, or "
                + "{\"error\": {\"code\": \"...\", \"message\": \"...\"}} for a line that cannot be accepted "
                + "(malformed JSON, unknown op, input the op rejects); the stream goes on and the exit status stays 0.",
            "",
            "Ops: discovery_plan, evidence_gate, policy, policy_lint, route, filter, filter_stream, tool_gate, stage, "
                + "rules_select, navigate, enforce, committee_score, pert, llm_config; --list-ops prints those "
                + "this build has. A route line without a table routes on the MARP assistant's table; a stage line "
                + "without contracts validates against the government-services workflow."
        },
        footer = {
            "",
            "Example:",
            "  echo '{\"op\":\"route\",\"input\":{\"role\":\"planner\",\"clearance\":\"secret\",\"prompt\":\"SCENARIO 2\"}}' | keel eval",
            "",
            "Exit status: 0 (even when lines are answered with errors), 2 usage error."
        })
final class EvalCommand implements Callable<Integer> {

    @Option(names = "--list-ops", description = "Print the known op names, one per line, and exit.")
    boolean listOps;

    @Override
    public Integer call() {
        EvalOpRegistry registry = EvalOpRegistry.standard();
        Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        if (listOps) {
            registry.names().forEach(name -> writeLine(out, name));
            flush(out);
            return 0;
        }
        // Bytes, not characters: the runner decodes each line strictly and reports invalid UTF-8 per line.
        ApplicationDefaults.apply(EvalRunner.builder(registry)).build().run(System.in, out);
        return 0;
    }

    private static void writeLine(Writer out, String text) {
        try {
            out.write(text);
            out.write('\n');
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void flush(Writer out) {
        try {
            out.flush();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}

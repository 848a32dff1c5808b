package dev.keel.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code keel}: the top-level command; it only dispatches to subcommands. */
@Command(
        name = "keel",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        versionProvider = KeelVersion.class,
        description = {
            "Keel: a deterministic governance layer around LLM calls.",
            "",
            "Policy decides who may see what, routing decides which model may be called, evidence gates decide "
                + "what an answer may claim, and every decision is written down with reason codes."
        },
        subcommands = {EvalCommand.class, DemoCommand.class, ServeCommand.class},
        footer = {"", "Run 'keel <command> --help' for a command's options.", "Exit status: 0 success, 1 failure, 2 usage error."})
final class KeelCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing command: choose one of " + spec.subcommands().keySet());
    }
}

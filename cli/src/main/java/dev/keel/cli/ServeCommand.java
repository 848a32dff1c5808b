package dev.keel.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code keel serve}: runs a service. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = "Run a service. 'keel serve committee --help' shows the committee's POST /api/chat.",
        subcommands = {CommitteeServeCommand.class})
final class ServeCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "missing service: choose one of " + spec.subcommands().keySet());
    }
}

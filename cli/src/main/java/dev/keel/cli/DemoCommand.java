package dev.keel.cli;

import picocli.CommandLine.Command;

/** {@code keel demo}: runnable demonstrations built from Keel's public parts. */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = "Run a demonstration. 'keel demo marp --help' shows the MARP fleet transition assistant, "
                + "'keel demo hospital --help' the Larch Ward assistant, 'keel demo services --help' the "
                + "government-services assistant, 'keel demo support --help' the online shop's support agent, "
                + "'keel demo committee --help' the committee of models, 'keel demo tools --help' governed tool calls "
                + "over MCP servers.",
        subcommands = {MarpDemoCommand.class, HospitalDemoCommand.class, ServicesDemoCommand.class,
            SupportDemoCommand.class, CommitteeDemoCommand.class, ToolsDemoCommand.class})
final class DemoCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "missing demo: choose one of " + spec.subcommands().keySet());
    }
}

package dev.keel.cli;

import picocli.CommandLine;

/** Entry point of the {@code keel} command. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status: 0 success, 1 failure, 2 usage error. */
    public static int run(String... args) {
        return new CommandLine(new KeelCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args);
    }
}

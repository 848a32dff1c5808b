package dev.keel.cli;

import picocli.CommandLine;

/** Entry point of the {@code keel} command. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        quietLibraryLogging();
        System.exit(run(args));
    }

    /** Libraries that log through java.util.logging (Hibernate Validator) keep INFO chatter off the terminal. */
    private static void quietLibraryLogging() {
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(java.util.logging.Level.WARNING);
        for (java.util.logging.Handler handler : root.getHandlers()) {
            handler.setLevel(java.util.logging.Level.WARNING);
        }
    }

    /** Runs the command line and returns its exit status: 0 success, 1 failure, 2 usage error. */
    public static int run(String... args) {
        return new CommandLine(new KeelCommand())
                .setCaseInsensitiveEnumValuesAllowed(true)
                .execute(args);
    }
}

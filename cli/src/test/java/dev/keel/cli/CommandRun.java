package dev.keel.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One run of the keel command in process, as a user runs it ({@link Main#run}): its exit status and what it printed
 * on standard output and standard error. Runs one at a time: it swaps the process's standard streams.
 */
record CommandRun(int status, String out, String err) {

    /** Standard output, a line each. */
    List<String> lines() {
        return out.isEmpty() ? List.of() : List.of(out.split("\n"));
    }

    /** The command run with {@code args} and nothing on standard input. */
    static CommandRun of(String... args) {
        return withInput("", args);
    }

    /** The command run with {@code args}, reading {@code stdin}. */
    static synchronized CommandRun withInput(String stdin, String... args) {
        InputStream in = System.in;
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        try {
            System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
            System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            return new CommandRun(status, stdout.toString(StandardCharsets.UTF_8),
                    stderr.toString(StandardCharsets.UTF_8));
        } finally {
            System.setIn(in);
            System.setOut(out);
            System.setErr(err);
        }
    }
}

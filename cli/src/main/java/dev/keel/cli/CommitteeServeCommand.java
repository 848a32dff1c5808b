package dev.keel.cli;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * {@code keel serve committee}: the committee service ({@code POST /api/chat}, {@code GET /health}) in a process of
 * its own, the Spring Boot application of the committee example: it logs through Logback with the request id on
 * every line, which the command line tool's simple logger cannot do. The command waits for it and stops it when
 * interrupted; the service's standard error, where a failed start puts its one line (the variable it misses),
 * comes through the command's own, and the command exits with the service's exit code.
 */
@Command(
        name = "committee",
        mixinStandardHelpOptions = true,
        usageHelpAutoWidth = true,
        description = {
            "Run the committee service: POST /api/chat (a bearer token from KEEL_COMMITTEE_TOKEN required on "
                + "every path but GET /health), GET /health, every request stored as an audit record. It listens on "
                + "127.0.0.1 unless --address says otherwise.",
            "",
            "It runs the executable jar of the committee example, " + CommitteeServeCommand.JAR + " (built with "
                + "the command line tool; KEEL_COMMITTEE_JAR names another), in the current directory. Every other "
                + "argument is passed on to it as a Spring Boot property, for example --keel.committee.max-body-size=1MB. "
                + "A start that fails on a missing variable prints the one line that names it and exits non-zero."
        },
        footer = {
            "",
            "Examples:",
            "  KEEL_COMMITTEE_TOKEN=... keel serve committee --replay shipped",
            "  KEEL_COMMITTEE_TOKEN=... keel serve committee --port 8081 --config llm.config.json --db ./data/chat.db",
            "  KEEL_COMMITTEE_TOKEN=... keel serve committee --address 0.0.0.0 --replay shipped"
        })
final class CommitteeServeCommand implements Callable<Integer> {

    /** The service's executable jar, relative to the repository's root. */
    static final String JAR = "examples/committee/target/keel-examples-committee-exec.jar";

    @Option(names = "--address", paramLabel = "HOST", description = "The address to listen on (default 127.0.0.1;"
            + " 0.0.0.0 for every interface).")
    String address;

    @Option(names = "--port", paramLabel = "PORT", description = "The HTTP port (default 8080).")
    Integer port;

    @Option(names = "--config", paramLabel = "FILE", description = "The committee's llm.config.json (default: the"
            + " example's sample configuration).")
    Path config;

    @Option(names = "--db", paramLabel = "FILE-OR-URL", description = "A SQLite file or a jdbc:postgresql:// URL"
            + " (default ./data/keel.db).")
    String db;

    @Option(names = "--replay", paramLabel = "DIR", description = "'shipped' or a directory of recordings: every model"
            + " call answered from them.")
    String replay;

    /** Every other argument, passed on to the Spring Boot application. */
    @Unmatched
    List<String> springArguments;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException, IOException {
        PrintWriter err = spec.commandLine().getErr();
        Optional<Path> jar = serviceJar();
        if (jar.isEmpty()) {
            err.println("keel: the committee service is not built (" + JAR + "); build it with"
                    + " mvn -B -ntp -pl examples/committee -am package -DskipTests, or set KEEL_COMMITTEE_JAR");
            err.flush();
            return 1;
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-jar", jar.get().toString()));
        if (address != null) {
            command.addAll(List.of("--address", address));
        }
        if (port != null) {
            command.addAll(List.of("--port", port.toString()));
        }
        if (config != null) {
            command.addAll(List.of("--config", config.toAbsolutePath().toString()));
        }
        if (db != null) {
            command.addAll(List.of("--db", db.startsWith("jdbc:") ? db : Path.of(db).toAbsolutePath().toString()));
        }
        if (replay != null) {
            command.addAll(List.of("--replay", "shipped".equals(replay) ? replay
                    : Path.of(replay).toAbsolutePath().toString()));
        }
        if (springArguments != null) {
            command.addAll(springArguments);
        }
        // The log goes to the console as it is; standard error, where the service puts the one line of a failed
        // start, through this command's own error stream.
        Process service = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
        Thread relay = new Thread(() -> relay(service.getErrorStream(), err), "keel-serve-committee-stderr");
        relay.setDaemon(true);
        relay.start();
        Thread stop = new Thread(service::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        try {
            int exit = service.waitFor();
            relay.join(TimeUnit.SECONDS.toMillis(10));
            return exit;
        } catch (InterruptedException interrupted) {
            service.destroy();
            if (!service.waitFor(30, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
            throw interrupted;
        } finally {
            if (!service.isAlive()) {
                Runtime.getRuntime().removeShutdownHook(stop);
            }
        }
    }

    /** Copies the service's standard error to {@code err}, line by line, until the service closes it. */
    private static void relay(InputStream from, PrintWriter err) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(from, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                err.println(line);
                err.flush();
            }
        } catch (IOException closed) {
            // The service is gone; nothing more to relay.
        }
    }

    /** {@code KEEL_COMMITTEE_JAR}, else {@link #JAR} under the first directory above this tool that has it. */
    private static Optional<Path> serviceJar() {
        String named = System.getenv("KEEL_COMMITTEE_JAR");
        if (named != null && !named.isBlank()) {
            return Optional.of(Path.of(named)).filter(Files::isRegularFile);
        }
        try {
            Path here = Path.of(CommitteeServeCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path directory = here; directory != null; directory = directory.getParent()) {
                Path jar = directory.resolve(JAR.replace('/', File.separatorChar));
                if (Files.isRegularFile(jar)) {
                    return Optional.of(jar);
                }
            }
        } catch (URISyntaxException | SecurityException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}

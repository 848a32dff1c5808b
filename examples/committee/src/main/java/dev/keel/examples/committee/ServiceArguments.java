package dev.keel.examples.committee;

import dev.keel.core.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The service's short options as Spring Boot properties: {@code --address HOST} ({@code server.address}, the
 * interface to listen on), {@code --port N} ({@code server.port}), {@code --config FILE}
 * ({@code keel.committee.config}), {@code --db FILE-OR-JDBC-URL} ({@code keel.store.url}; a file is a SQLite
 * database) and {@code --replay DIR} ({@code keel.committee.replay}, {@value RecordedReplies#SHIPPED} for the
 * shipped recordings), each as {@code --name value} or {@code --name=value}; every other argument is passed on as
 * it is. Stateless; thread-safe.
 */
public final class ServiceArguments {

    private static final Map<String, String> PROPERTIES = Map.of("--address", "server.address",
            "--port", "server.port", "--config", "keel.committee.config", "--db", "keel.store.url",
            "--replay", "keel.committee.replay");

    private ServiceArguments() {
    }

    /**
     * The Spring Boot arguments of {@code args}.
     *
     * @throws InvalidInputException (code {@code invalid_arguments}) for a short option without a value
     */
    public static String[] toSpring(String... args) {
        List<String> spring = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            int equals = arg.indexOf('=');
            String name = equals < 0 ? arg : arg.substring(0, equals);
            String property = PROPERTIES.get(name);
            if (property == null) {
                spring.add(arg);
                continue;
            }
            String value;
            if (equals >= 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new InvalidInputException("invalid_arguments", name + " needs a value");
            }
            spring.add("--" + property + "=" + valueOf(name, value));
        }
        return spring.toArray(String[]::new);
    }

    private static String valueOf(String option, String value) {
        return switch (option) {
            case "--config" -> value.startsWith("classpath:") || value.startsWith("file:") ? value : "file:" + value;
            case "--db" -> value.startsWith("jdbc:") ? value : "jdbc:sqlite:" + value;
            default -> value;
        };
    }
}

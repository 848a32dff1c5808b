package dev.keel.store.jdbc;

import dev.keel.core.ConfigurationException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC URL taken apart: the dialect, the URL without any password parameter, the user, the password and the
 * other secret parameters (such as {@code sslpassword}), which go to the driver as properties instead of in the
 * URL. Only {@link #url()} may appear in a message. Immutable and thread-safe.
 *
 * @param dialect           the database
 * @param url               the URL without secrets: what messages and logs may show
 * @param username          the user, or null
 * @param password          the password, or null
 * @param secretProperties  other secret parameters taken out of the URL, by name
 */
record ConnectionSettings(StoreDialect dialect, String url, @Nullable String username, @Nullable String password,
                                 Map<String, String> secretProperties) {

    private static final String SQLITE_PREFIX = "jdbc:sqlite:";
    private static final String POSTGRESQL_PREFIX = "jdbc:postgresql:";

    ConnectionSettings {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(url, "url");
        secretProperties = Map.copyOf(secretProperties);
    }

    /**
     * Takes {@code url} apart; an explicit {@code password} wins over one in the URL.
     *
     * @throws ConfigurationException when the URL is neither SQLite nor PostgreSQL, or carries credentials before
     *         the host name (the message never quotes the URL)
     */
    static ConnectionSettings parse(String url, @Nullable String username, @Nullable String password) {
        StoreDialect dialect;
        if (url.startsWith(SQLITE_PREFIX)) {
            dialect = StoreDialect.SQLITE;
        } else if (url.startsWith(POSTGRESQL_PREFIX)) {
            dialect = StoreDialect.POSTGRESQL;
            int authorityEnd = url.indexOf('/', POSTGRESQL_PREFIX.length() + 2);
            String authority = url.substring(POSTGRESQL_PREFIX.length(), authorityEnd < 0 ? url.length() : authorityEnd);
            if (authority.contains("@")) {
                throw new ConfigurationException("the PostgreSQL URL has credentials before the host name; give the"
                        + " user and the password as their own settings");
            }
        } else {
            // Only the scheme is quoted: the rest of an unknown URL may hold anything.
            int schemeEnd = url.indexOf(':', url.indexOf(':') + 1);
            throw new ConfigurationException("the stores run on SQLite (jdbc:sqlite:<file>) or PostgreSQL"
                    + " (jdbc:postgresql://<host>/<database>), not on "
                    + (schemeEnd < 0 ? "a URL without a JDBC scheme" : "'" + url.substring(0, schemeEnd + 1) + "'"));
        }
        int query = url.indexOf('?');
        if (query < 0) {
            return new ConnectionSettings(dialect, url, username, password, Map.of());
        }
        List<String> kept = new ArrayList<>();
        Map<String, String> secrets = new LinkedHashMap<>();
        String passwordInUrl = null;
        for (String parameter : url.substring(query + 1).split("&")) {
            int equals = parameter.indexOf('=');
            String name = equals < 0 ? parameter : parameter.substring(0, equals);
            // The drivers read parameter values URL-encoded: so must the password taken out.
            String value = equals < 0 ? "" : URLDecoder.decode(parameter.substring(equals + 1), StandardCharsets.UTF_8);
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("password")) {
                passwordInUrl = value;
            } else if (lower.contains("password")) {
                secrets.put(name, value);
            } else if (!parameter.isEmpty()) {
                kept.add(parameter);
            }
        }
        String clean = url.substring(0, query) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
        return new ConnectionSettings(dialect, clean, username, password != null ? password : passwordInUrl, secrets);
    }

    /** Every secret value: what must never appear in a message. */
    List<String> secrets() {
        List<String> secrets = new ArrayList<>(secretProperties.values());
        if (password != null) {
            secrets.add(password);
        }
        secrets.removeIf(String::isEmpty);
        return secrets;
    }

    /** The file of a SQLite URL, or null for an in-memory database. */
    @Nullable String sqliteFile() {
        String path = url.substring(SQLITE_PREFIX.length());
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        return path.isEmpty() || path.startsWith(":memory:") || path.startsWith("file:") ? null : path;
    }

    @Override
    public String toString() {
        return dialect.wireName() + " at " + url;
    }
}

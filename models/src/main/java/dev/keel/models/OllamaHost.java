package dev.keel.models;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The Ollama server address, read from {@code OLLAMA_HOST} the way the Ollama command-line client reads it.
 *
 * <ul>
 *   <li>Surrounding whitespace and quotes are removed; unset or blank gives {@value #DEFAULT_BASE_URL}.</li>
 *   <li>Without a scheme the scheme is {@code http} and the default port 11434 ({@code ollama.com} alone means
 *       {@code https://ollama.com:443}); with {@code http://} the default port is 80, with {@code https://} 443.</li>
 *   <li>{@code host}, {@code host:port}, {@code :port}, {@code [ipv6]:port} and a trailing path
 *       ({@code https://proxy/ollama}) are accepted; a missing host is {@code localhost}; a port that is not a
 *       number in 0..65535 is replaced by the default port, as Ollama does.</li>
 *   <li>User information before the host ({@code http://user:password@host:11434}, up to the last {@code @}) is
 *       kept, percent-encoded where a URI needs it; the Ollama backends send it as an
 *       {@code Authorization: Basic} header, never as part of the URL, and shows it nowhere.</li>
 * </ul>
 *
 * <p>Pure and thread-safe (no state).
 */
public final class OllamaHost {

    /** The name of the environment variable. */
    public static final String VARIABLE = "OLLAMA_HOST";

    /** Where Ollama listens when {@code OLLAMA_HOST} is not set. */
    public static final String DEFAULT_BASE_URL = "http://localhost:11434";

    private static final String DEFAULT_PORT = "11434";

    private OllamaHost() {
    }

    /** The base URL for {@code OLLAMA_HOST} in {@code environment}. */
    public static String baseUrl(Environment environment) {
        return baseUrl(environment.lookup(VARIABLE).orElse(null));
    }

    /**
     * The base URL for a raw {@code OLLAMA_HOST} value (null or blank: the default), without a trailing slash. It
     * keeps the value's user information: print it only through a redacting rendering.
     */
    public static String baseUrl(@Nullable String raw) {
        String value = raw == null ? "" : trimQuotesAndSpaces(raw);
        if (value.isEmpty()) {
            return DEFAULT_BASE_URL;
        }
        String scheme;
        String hostPort;
        String defaultPort = DEFAULT_PORT;
        int separator = value.indexOf("://");
        if (separator < 0) {
            scheme = "http";
            hostPort = value;
            if (value.equals("ollama.com")) {
                scheme = "https";
                hostPort = "ollama.com:443";
            }
        } else {
            scheme = value.substring(0, separator).toLowerCase(Locale.ROOT);
            hostPort = value.substring(separator + 3);
            if (scheme.equals("http")) {
                defaultPort = "80";
            } else if (scheme.equals("https")) {
                defaultPort = "443";
            }
        }
        String userInfo = "";
        int at = hostPort.lastIndexOf('@');
        if (at >= 0) {
            userInfo = encodeUserInfo(hostPort.substring(0, at)) + "@";
            hostPort = hostPort.substring(at + 1);
        }
        String path = "";
        int slash = hostPort.indexOf('/');
        if (slash >= 0) {
            path = hostPort.substring(slash + 1);
            hostPort = hostPort.substring(0, slash);
        }
        String host;
        String port;
        Optional<String[]> split = splitHostPort(hostPort);
        if (split.isPresent()) {
            host = split.get()[0];
            port = split.get()[1];
        } else {
            host = stripBrackets(hostPort);
            port = defaultPort;
        }
        if (!isValidPort(port)) {
            port = defaultPort;
        }
        if (host.isEmpty()) {
            host = "localhost";
        }
        String hostForUrl = host.contains(":") ? "[" + host + "]" : host;
        String trimmedPath = stripTrailingSlashes(path);
        return scheme + "://" + userInfo + hostForUrl + ":" + port + (trimmedPath.isEmpty() ? "" : "/" + trimmedPath);
    }

    /** {@code raw} with every character a URI's user information may not hold percent-encoded (valid escapes kept). */
    private static String encodeUserInfo(String raw) {
        StringBuilder encoded = new StringBuilder(raw.length());
        byte[] bytes = raw.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            int b = bytes[i] & 0xff;
            boolean escape = b == '%' && i + 2 < bytes.length && isHex(bytes[i + 1]) && isHex(bytes[i + 2]);
            if (escape || b < 0x80 && (Character.isLetterOrDigit(b) || "-._~!$&'()*+,;=:".indexOf(b) >= 0)) {
                encoded.append((char) b);
            } else {
                encoded.append('%').append(Character.toUpperCase(Character.forDigit(b >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return encoded.toString();
    }

    private static boolean isHex(byte b) {
        return Character.digit(b, 16) >= 0;
    }

    /** Like Go's {@code net.SplitHostPort}: host and port when the text has a port, else empty. */
    private static Optional<String[]> splitHostPort(String hostPort) {
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0 || close + 1 >= hostPort.length() || hostPort.charAt(close + 1) != ':') {
                return Optional.empty();
            }
            return Optional.of(new String[] {hostPort.substring(1, close), hostPort.substring(close + 2)});
        }
        int colon = hostPort.lastIndexOf(':');
        if (colon < 0 || hostPort.indexOf(':') != colon) {
            // no colon, or a bare IPv6 address with several: no port
            return Optional.empty();
        }
        return Optional.of(new String[] {hostPort.substring(0, colon), hostPort.substring(colon + 1)});
    }

    private static boolean isValidPort(String port) {
        if (port.isEmpty() || port.length() > 5) {
            return false;
        }
        for (int i = 0; i < port.length(); i++) {
            char c = port.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return Integer.parseInt(port) <= 65535;
    }

    private static String stripBrackets(String host) {
        if (host.startsWith("[") && host.endsWith("]")) {
            return host.substring(1, host.length() - 1);
        }
        return host;
    }

    private static String trimQuotesAndSpaces(String raw) {
        String value = raw.strip();
        int start = 0;
        int end = value.length();
        while (start < end && isQuote(value.charAt(start))) {
            start++;
        }
        while (end > start && isQuote(value.charAt(end - 1))) {
            end--;
        }
        return value.substring(start, end).strip();
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'';
    }

    private static String stripTrailingSlashes(String path) {
        int end = path.length();
        while (end > 0 && path.charAt(end - 1) == '/') {
            end--;
        }
        return path.substring(0, end);
    }
}

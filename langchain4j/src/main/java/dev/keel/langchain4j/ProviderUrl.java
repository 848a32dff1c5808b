package dev.keel.langchain4j;

import dev.keel.core.ConfigurationException;
import dev.keel.models.BaseUrls;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A provider's base URL, read with {@link URI}: the URL the HTTP client is given never carries user information
 * ({@code http://user:password@host}); the user information becomes an {@code Authorization: Basic} header, its
 * parts are secrets of the backend (so no failure message can quote them), and every rendering of the URL
 * ({@link #toString()}, {@link BaseUrls#redact}) shows {@value Redactor#MARK} in its place. Immutable, pure and thread-safe.
 */
final class ProviderUrl {

    private final String url;
    private final @Nullable String authorization;
    private final List<String> secrets;

    private ProviderUrl(String url, @Nullable String authorization, List<String> secrets) {
        this.url = url;
        this.authorization = authorization;
        this.secrets = List.copyOf(secrets);
    }

    /**
     * Reads {@code baseUrl}, an {@code http} or {@code https} URL, with or without user information.
     *
     * @throws ConfigurationException when it is not such a URL (the message shows it redacted)
     */
    public static ProviderUrl parse(String baseUrl) {
        String text = baseUrl.strip();
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw invalid(text, "it is not a valid URI");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw invalid(text, "it must start with http:// or https://");
        }
        if (uri.getHost() == null) {
            throw invalid(text, "it names no host (a user name or password with '@', '/', '?' or '#' must be"
                    + " percent-encoded)");
        }
        StringBuilder withoutUserInfo = new StringBuilder(scheme).append("://").append(uri.getHost());
        if (uri.getPort() >= 0) {
            withoutUserInfo.append(':').append(uri.getPort());
        }
        if (uri.getRawPath() != null) {
            withoutUserInfo.append(uri.getRawPath());
        }
        if (uri.getRawQuery() != null) {
            withoutUserInfo.append('?').append(uri.getRawQuery());
        }
        String rawUserInfo = uri.getRawUserInfo();
        if (rawUserInfo == null) {
            return new ProviderUrl(withoutUserInfo.toString(), null, List.of());
        }
        String userInfo = uri.getUserInfo();
        int colon = userInfo.indexOf(':');
        String password = colon < 0 ? "" : userInfo.substring(colon + 1);
        String token = Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
        int rawColon = rawUserInfo.indexOf(':');
        List<String> secrets = new ArrayList<>(List.of(token, userInfo, rawUserInfo));
        if (!password.isEmpty()) {
            secrets.add(password);
            secrets.add(rawUserInfo.substring(rawColon + 1));
        }
        return new ProviderUrl(withoutUserInfo.toString(), "Basic " + token, secrets);
    }

    private static ConfigurationException invalid(String text, String why) {
        return new ConfigurationException("the base URL '" + BaseUrls.redact(text) + "' cannot be used: " + why);
    }

    /** The URL without user information: what the HTTP client is given. */
    public String url() {
        return url;
    }

    /** The {@code Authorization} header the user information stands for, if there is any. */
    public Optional<String> authorization() {
        return Optional.ofNullable(authorization);
    }

    /** The headers every request carries: the {@code Authorization} header, or none. */
    public Map<String, String> headers() {
        return authorization == null ? Map.of() : Map.of("Authorization", authorization);
    }

    /** What must never appear in a message: the password, the user information, the header's token. */
    public List<String> secrets() {
        return secrets;
    }

    /** The URL, with {@value Redactor#MARK} in place of the user information when there was some. */
    @Override
    public String toString() {
        if (authorization == null) {
            return url;
        }
        int start = url.indexOf("://") + 3;
        return url.substring(0, start) + Redactor.MARK + "@" + url.substring(start);
    }
}

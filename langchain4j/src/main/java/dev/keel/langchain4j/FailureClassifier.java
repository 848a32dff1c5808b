package dev.keel.langchain4j;

import com.fasterxml.jackson.core.JacksonException;
import dev.keel.core.BackendException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.RetriableBackendException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RetriableException;
import dev.langchain4j.exception.UnresolvedModelServerException;
import dev.langchain4j.exception.UnsupportedFeatureException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Turns whatever a langchain4j model (or its HTTP client) threw into Keel's two backend exceptions. Looks at the
 * whole cause chain, because langchain4j wraps transport failures in plain {@code RuntimeException}s:
 *
 * <ul>
 *   <li>retriable: HTTP 408, 429 and 5xx; timeouts ({@code HttpTimeoutException}, socket and langchain4j
 *       timeouts); refused connections; other transport {@code IOException}s;</li>
 *   <li>not retriable: other HTTP statuses (401/403 authentication, 404 model or endpoint, other 4xx), an
 *       unresolvable host, a reply body that is not valid JSON, an unsupported feature, interruption, anything
 *       else.</li>
 * </ul>
 *
 * <p>Messages say what happened from Keel's own words, the backend id and the HTTP status, and quote nothing of the
 * provider: an error body may carry the caller's data and instructions aimed at whoever reads it, and a message
 * travels (fallback reasons, logs, exceptions the host shows). The HTTP status is kept on the exception
 * ({@link BackendException#httpStatus()}). The original exception is replaced by a copy with secrets redacted
 * ({@link RedactedCause}), kept as the cause for the host's debugging: it may hold the provider's text, and Keel
 * never copies it anywhere. Pure, stateless and thread-safe (it sets the thread's interrupt flag back when the
 * failure was an interruption).
 */
final class FailureClassifier {

    private static final int MAX_CHAIN = 16;

    private FailureClassifier() {
    }

    /** {@code failure} as a Keel backend exception of {@code backendId} (returned as is when it already is one). */
    public static BackendException classify(String backendId, Throwable failure, Redactor redactor) {
        if (failure instanceof BackendException) {
            return (BackendException) failure;
        }
        List<Throwable> chain = chainOf(failure);
        if (find(chain, InterruptedException.class).isPresent()) {
            Thread.currentThread().interrupt();
            return nonRetriable(backendId, "interrupted while waiting for the reply", failure, redactor);
        }
        Optional<HttpException> http = find(chain, HttpException.class);
        if (http.isPresent()) {
            return fromStatus(backendId, http.get().statusCode(), failure, redactor);
        }
        if (find(chain, HttpTimeoutException.class).isPresent() || find(chain, SocketTimeoutException.class).isPresent()
                || find(chain, java.util.concurrent.TimeoutException.class).isPresent()
                || find(chain, dev.langchain4j.exception.TimeoutException.class).isPresent()) {
            return retriable(backendId, "timed out", failure, redactor);
        }
        if (find(chain, ConnectException.class).isPresent()) {
            return retriable(backendId, "connection refused or failed", failure, redactor);
        }
        if (find(chain, UnresolvedAddressException.class).isPresent() || find(chain, UnknownHostException.class).isPresent()
                || find(chain, UnresolvedModelServerException.class).isPresent()) {
            return nonRetriable(backendId, "the server's host name cannot be resolved", failure, redactor);
        }
        if (find(chain, JacksonException.class).isPresent()) {
            return nonRetriable(backendId, "the reply is not valid JSON of the provider's protocol", failure, redactor);
        }
        if (find(chain, UnsupportedFeatureException.class).isPresent()) {
            return nonRetriable(backendId, "the model does not support what the request asks for", failure, redactor);
        }
        if (find(chain, RetriableException.class).isPresent()) {
            return retriable(backendId, "transient failure", failure, redactor);
        }
        if (find(chain, IOException.class).isPresent()) {
            return retriable(backendId, "transport failure", failure, redactor);
        }
        return nonRetriable(backendId, "failed (" + failure.getClass().getSimpleName() + ")", failure, redactor);
    }

    private static BackendException fromStatus(String backendId, int status, Throwable failure, Redactor redactor) {
        @Nullable Integer http = status >= 100 && status <= 599 ? status : null;
        String what = "HTTP " + status;
        if (status == 429) {
            return retriable(backendId, what + " rate limited", http, failure, redactor);
        }
        if (status == 408) {
            return retriable(backendId, what + " request timeout", http, failure, redactor);
        }
        if (status >= 500 && status <= 599) {
            return retriable(backendId, what + " server error", http, failure, redactor);
        }
        if (status == 401 || status == 403) {
            return nonRetriable(backendId, what + " authentication or permission refused", http, failure, redactor);
        }
        if (status == 404) {
            return nonRetriable(backendId, what + " model or endpoint not found", http, failure, redactor);
        }
        return nonRetriable(backendId, what + " request rejected", http, failure, redactor);
    }

    private static RetriableBackendException retriable(String backendId, String what, Throwable failure, Redactor redactor) {
        return retriable(backendId, what, null, failure, redactor);
    }

    private static RetriableBackendException retriable(String backendId, String what, @Nullable Integer httpStatus,
                                                       Throwable failure, Redactor redactor) {
        return new RetriableBackendException(backendId, message(backendId, what), httpStatus, null,
                RedactedCause.of(failure, redactor));
    }

    private static NonRetriableBackendException nonRetriable(String backendId, String what, Throwable failure, Redactor redactor) {
        return nonRetriable(backendId, what, null, failure, redactor);
    }

    private static NonRetriableBackendException nonRetriable(String backendId, String what, @Nullable Integer httpStatus,
                                                             Throwable failure, Redactor redactor) {
        return new NonRetriableBackendException(backendId, message(backendId, what), httpStatus,
                RedactedCause.of(failure, redactor));
    }

    /** Keel's words only: never the provider's, whose error body may carry data or instructions. */
    private static String message(String backendId, String what) {
        return "backend '" + backendId + "' " + what;
    }

    private static List<Throwable> chainOf(Throwable failure) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = failure; t != null && chain.size() < MAX_CHAIN && !chain.contains(t); t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    private static <T extends Throwable> Optional<T> find(List<Throwable> chain, Class<T> type) {
        for (Throwable t : chain) {
            if (type.isInstance(t)) {
                return Optional.of(type.cast(t));
            }
        }
        return Optional.empty();
    }
}

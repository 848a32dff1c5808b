package dev.keel.examples.committee;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Gives every request a fresh id, in the logging context ({@value #MDC_KEY}) for every line logged while it is
 * handled, in the response header {@value #HEADER} and as the request attribute {@value #MDC_KEY}; logs one line per
 * request with its method, path, status and duration, never a header. The first filter. Thread-safe.
 */
public final class RequestIdFilter extends OncePerRequestFilter {

    /** The logging context key and request attribute. */
    public static final String MDC_KEY = "requestId";
    /** The response header with the id. */
    public static final String HEADER = "X-Request-Id";

    private static final Logger LOG = LoggerFactory.getLogger(RequestIdFilter.class);

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String requestId = UUID.randomUUID().toString();
        long started = System.nanoTime();
        MDC.put(MDC_KEY, requestId);
        try {
            request.setAttribute(MDC_KEY, requestId);
            response.setHeader(HEADER, requestId);
            chain.doFilter(request, response);
        } finally {
            LOG.info("{} {} -> {} in {} ms", request.getMethod(), request.getRequestURI(), response.getStatus(),
                    (System.nanoTime() - started) / 1_000_000);
            MDC.remove(MDC_KEY);
        }
    }
}

package dev.keel.examples.committee;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds every request body before anything reads it: a declared {@code Content-Length} over the limit is answered
 * HTTP 413 at once, unread; any other body (chunked, or shorter than declared) is read through a counting stream
 * that fails with {@link BodyTooLargeException} on the first byte past the limit, so nothing ever holds more than
 * the limit of one body. Runs right after the request id, before authentication. Thread-safe.
 */
final class BodyLimitFilter extends OncePerRequestFilter {

    /** The code of the HTTP 413 body. */
    static final String CODE = "body_too_large";

    private static final Logger LOG = LoggerFactory.getLogger(BodyLimitFilter.class);

    private final long limit;

    /** Bodies of at most {@code limit} bytes. */
    BodyLimitFilter(long limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("the body limit must be at least 1 byte");
        }
        this.limit = limit;
    }

    /** What the HTTP 413 body says. */
    static String message(long limit) {
        return "the request body is over the service's limit of " + limit + " bytes";
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            LOG.info("refused: a declared body of {} bytes, over the limit of {}", declared, limit);
            ErrorBody.write(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, CODE, message(limit));
            return;
        }
        chain.doFilter(new Limited(request, limit), response);
    }

    /** A body read past the limit: the reader stops there, and the controller answers HTTP 413. */
    static final class BodyTooLargeException extends IOException {

        private static final long serialVersionUID = 1L;

        BodyTooLargeException(long limit) {
            super(message(limit));
        }
    }

    /** The request with its body behind the counting stream, however it is read. */
    private static final class Limited extends HttpServletRequestWrapper {

        private final long limit;
        private ServletInputStream body;

        Limited(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public synchronized ServletInputStream getInputStream() throws IOException {
            if (body == null) {
                body = new CountingStream(super.getInputStream(), limit);
            }
            return body;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }

    /** Counts what is read and fails on the first byte past the limit; never asks for more than that byte. */
    private static final class CountingStream extends ServletInputStream {

        private final ServletInputStream in;
        private final long limit;
        private long read;

        CountingStream(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            int n = in.read(buffer, offset, (int) Math.min(length, limit - read + 1));
            if (n > 0) {
                counted(n);
            }
            return n;
        }

        private void counted(int n) throws BodyTooLargeException {
            read += n;
            if (read > limit) {
                throw new BodyTooLargeException(limit);
            }
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}

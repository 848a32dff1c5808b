package dev.keel.examples.committee;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket to a loopback port: the request target goes on the wire exactly as given (an HTTP
 * client would normalise or refuse many of the targets the door tests send), and a request can be left open, its
 * body unfinished, while the response is read.
 */
final class RawHttp implements AutoCloseable {

    /** A response: its status, its headers (names in lower case) and its body. */
    record Response(int status, Map<String, String> headers, String body) {
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawHttp(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        // Generous: only a server that waits for a body it should have refused comes near it.
        socket.setSoTimeout(60_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    static RawHttp connect(int port) throws IOException {
        return new RawHttp(port);
    }

    /** Sends one whole request (Connection: close) and reads its response. */
    static Response exchange(int port, String method, String target, Map<String, String> headers, byte[] body)
            throws IOException {
        try (RawHttp http = connect(port)) {
            StringBuilder head = new StringBuilder();
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            http.write(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n"
                    + "Content-Length: " + body.length + "\r\n" + head + "\r\n");
            http.write(body);
            return http.response();
        }
    }

    void write(String text) throws IOException {
        write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    void write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** One chunk of a chunked body. */
    void chunk(byte[] bytes) throws IOException {
        write(Integer.toHexString(bytes.length) + "\r\n");
        write(bytes);
        write("\r\n");
    }

    /** Reads the response: its body by Content-Length, by chunks, or to the end of the connection. */
    Response response() throws IOException {
        String status = line();
        if (!status.startsWith("HTTP/1.1 ")) {
            throw new IOException("not an HTTP/1.1 status line: " + status);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), line.substring(colon + 1).strip());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (headers.containsKey("content-length")) {
            body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line().split(";")[0].strip(), 16); size > 0;
                 size = Integer.parseInt(line().split(";")[0].strip(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
        } else {
            body.write(in.readAllBytes());
        }
        return new Response(Integer.parseInt(status.substring(9, 12)), headers,
                body.toString(StandardCharsets.UTF_8));
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the connection closed inside a line: " + line);
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

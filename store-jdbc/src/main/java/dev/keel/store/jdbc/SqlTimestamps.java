package dev.keel.store.jdbc;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Instants as stored: UTC, ISO-8601 with nine fraction digits, so that every stored instant has the same width,
 * text order is time order in both dialects, and the instant reads back exactly. Stateless and thread-safe.
 */
final class SqlTimestamps {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'")
            .withZone(ZoneOffset.UTC);

    private SqlTimestamps() {
    }

    static String format(Instant instant) {
        return FORMAT.format(instant);
    }

    static Instant parse(String text) {
        return Instant.parse(text);
    }
}

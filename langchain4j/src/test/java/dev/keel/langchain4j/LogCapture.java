package dev.keel.langchain4j;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Captures every java.util.logging record at every level while open: Keel logs through SLF4J (bound to JUL here) and
 * langchain4j through SLF4J, and in tests both end in java.util.logging.
 */
final class LogCapture extends Handler implements AutoCloseable {

    private final Logger root = Logger.getLogger("");
    private final Level previous = root.getLevel();
    private final List<String> lines = new ArrayList<>();
    private final SimpleFormatter formatter = new SimpleFormatter();

    LogCapture() {
        setLevel(Level.ALL);
        root.setLevel(Level.ALL);
        root.addHandler(this);
    }

    @Override
    public synchronized void publish(LogRecord record) {
        lines.add(formatter.format(record));
    }

    synchronized String text() {
        return String.join("\n", lines);
    }

    synchronized int count() {
        return lines.size();
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        root.removeHandler(this);
        root.setLevel(previous);
    }
}

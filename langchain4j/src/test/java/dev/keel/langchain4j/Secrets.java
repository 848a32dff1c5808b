package dev.keel.langchain4j;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Where a secret could surface from an exception: its message, its causes' messages, its printed trace. */
final class Secrets {

    private Secrets() {
    }

    /** Everything a logger could print about {@code failure}. */
    static String everythingPrintable(Throwable failure) {
        StringWriter out = new StringWriter();
        failure.printStackTrace(new PrintWriter(out));
        StringBuilder text = new StringBuilder(out.toString());
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append('\n').append(t).append('\n').append(t.getMessage());
            for (Throwable suppressed : t.getSuppressed()) {
                text.append('\n').append(everythingPrintable(suppressed));
            }
        }
        return text.toString();
    }
}

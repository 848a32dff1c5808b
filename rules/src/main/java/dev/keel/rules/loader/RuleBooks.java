package dev.keel.rules.loader;

import dev.keel.core.io.TextSources;
import dev.keel.rules.RuleBook;
import java.nio.file.Path;

/**
 * Reads rule books from files and class-path resources (UTF-8 JSON). The one place in the rules module that does
 * I/O; every book it returns is validated and immutable. Stateless and thread-safe.
 */
public final class RuleBooks {

    private RuleBooks() {
    }

    /**
     * Reads a rule book from a JSON file.
     *
     * @throws dev.keel.core.ConfigurationException when the file cannot be read
     * @throws dev.keel.core.WireFormatException    when it is not UTF-8 or not strict JSON
     * @throws dev.keel.rules.InvalidRulesException when it is not a valid rule book
     */
    public static RuleBook read(Path file) {
        return RuleBook.fromJson(TextSources.read(file));
    }

    /** As {@link #read(Path)}, from a class-path resource (no leading {@code /}) of {@code loader}. */
    public static RuleBook readResource(ClassLoader loader, String resource) {
        return RuleBook.fromJson(TextSources.readResource(loader, resource));
    }
}

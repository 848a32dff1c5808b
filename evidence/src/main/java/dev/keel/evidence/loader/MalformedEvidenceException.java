package dev.keel.evidence.loader;

import dev.keel.core.InvalidContractException;
import org.jspecify.annotations.Nullable;

/**
 * An evidence file that does not match its documented format. The message reads
 * {@code <source> <location>: <problem>}, the location being a JSON pointer or a line (and column) of the file.
 * Nothing of a malformed file is ever used.
 */
public class MalformedEvidenceException extends InvalidContractException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String location;
    private final String problem;

    public MalformedEvidenceException(String source, String location, String problem) {
        this(source, location, problem, null);
    }

    public MalformedEvidenceException(String source, String location, String problem, @Nullable Throwable cause) {
        super(source + " " + location + ": " + problem, cause);
        this.source = source;
        this.location = location;
        this.problem = problem;
    }

    /** The file (source name) that is malformed. */
    public String source() {
        return source;
    }

    /** Where: a JSON pointer such as {@code /calendars/1/capability_range/min}, or {@code line 7} / {@code line 7, column dock_utilisation}. */
    public String location() {
        return location;
    }

    /** What is wrong. */
    public String problem() {
        return problem;
    }
}

package dev.keel.examples.committee;

import dev.keel.committee.CommitteeRequest;
import dev.keel.core.ConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The recordings a service in replay mode answers from: the shipped samples ({@link #shipped()}) or every
 * {@code .json} file of a directory ({@link #fromDirectory}). Immutable and thread-safe.
 */
public final class RecordedReplies {

    /** The value of {@code keel.committee.replay} that names the shipped recordings. */
    public static final String SHIPPED = "shipped";

    /**
     * The shipped samples, in the order the demo plays them: a shipped answer with a plan and its estimate, a
     * question to the user below the threshold, an agent discarded and never cited, a quarantined unit cited with
     * its justification.
     */
    public static final List<String> SAMPLES = List.of("shipping-plan", "ask-user", "discarded-agent",
            "quarantined-citation");

    private static final String RESOURCES = "/committee/replays/";

    private final String source;
    private final List<RecordedConversation> conversations;

    private RecordedReplies(String source, List<RecordedConversation> conversations) {
        this.source = source;
        this.conversations = List.copyOf(conversations);
    }

    /** The text of the {@code llm.config.json} shipped with this example, under which the recordings were made. */
    public static String sampleConfigJson() {
        return resource("/committee/llm.config.json");
    }

    /** The recordings shipped with this example. */
    public static RecordedReplies shipped() {
        List<RecordedConversation> conversations = new ArrayList<>();
        for (String name : SAMPLES) {
            conversations.add(RecordedConversation.parse(name, resource(RESOURCES + name + ".json")));
        }
        return new RecordedReplies(SHIPPED, conversations);
    }

    private static String resource(String path) {
        try (InputStream in = RecordedReplies.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new ConfigurationException("the shipped resource " + path + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every {@code .json} file of {@code directory}, by file name.
     *
     * @throws ConfigurationException when the directory cannot be read, holds no recording, or a recording is
     *         invalid
     */
    public static RecordedReplies fromDirectory(Path directory) {
        List<RecordedConversation> conversations = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".json")).sorted().toList()) {
                String name = file.getFileName().toString().replaceFirst("\\.json$", "");
                conversations.add(RecordedConversation.parse(name, Files.readString(file)));
            }
        } catch (IOException e) {
            throw new ConfigurationException("the replay directory " + directory + " cannot be read", e);
        }
        if (conversations.isEmpty()) {
            throw new ConfigurationException("the replay directory " + directory + " holds no .json recording");
        }
        return new RecordedReplies(directory.toString(), conversations);
    }

    /** {@link #shipped()} for {@value #SHIPPED}, else {@link #fromDirectory} of {@code location}. */
    public static RecordedReplies at(String location) {
        return SHIPPED.equals(location) ? shipped() : fromDirectory(Path.of(location));
    }

    /** Where the recordings came from: {@value #SHIPPED} or the directory. */
    public String source() {
        return source;
    }

    public List<RecordedConversation> conversations() {
        return conversations;
    }

    /** The recording that answers {@code request}, if any. */
    public Optional<RecordedConversation> find(CommitteeRequest request) {
        return conversations.stream().filter(conversation -> conversation.answers(request)).findFirst();
    }
}

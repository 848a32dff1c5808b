package dev.keel.examples.committee;

import dev.keel.committee.CommitteeRequest;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * The recordings a service in replay mode answers from: the shipped samples ({@link #shipped()}) or every
 * {@code .json} file of a directory ({@link #fromDirectory}), and the models that answer from them: one backend per
 * role ({@link #backend}) answering each call from the recording {@link #replay} gave to the call's request id.
 *
 * <p>Thread-safe: the recordings are immutable, and each request's replay counts its own calls.
 */
public final class RecordedReplies {

    /** The value of {@code keel.committee.replay} that names the shipped recordings. */
    public static final String SHIPPED = "shipped";

    /**
     * The shipped samples, in the order the demo plays them: a shipped answer with a plan and its estimate, a
     * question to the user below the threshold, an agent discarded and never cited, a quarantined unit cited with
     * its justification, and a deep run of two rounds.
     */
    public static final List<String> SAMPLES = List.of("shipping-plan", "ask-user", "discarded-agent",
            "quarantined-citation", "deep-rounds");

    private static final String RESOURCES = "/committee/replays/";

    private final String source;
    private final List<RecordedConversation> conversations;
    private final Map<String, Run> runs = new ConcurrentHashMap<>();

    private final Map<String, String> models;

    private RecordedReplies(String source, List<RecordedConversation> conversations) {
        this.source = source;
        this.conversations = List.copyOf(conversations);
        Map<String, String> models = new LinkedHashMap<>();
        for (RecordedConversation conversation : conversations) {
            conversation.models().forEach((role, model) -> {
                String other = models.putIfAbsent(role, model);
                if (other != null && !other.equals(model)) {
                    throw new ConfigurationException("the recordings of " + source + " disagree on the model of the"
                            + " role " + role + " (" + other + ", " + model + "): a role is priced as one model");
                }
            });
        }
        this.models = Map.copyOf(models);
    }

    /** The text of the {@code llm.config.json} shipped with this example, under which the recordings were made. */
    public static String sampleConfigJson() {
        return shippedText("/committee/llm.config.json");
    }

    /** The recordings shipped with this example. */
    public static RecordedReplies shipped() {
        List<RecordedConversation> conversations = new ArrayList<>();
        for (String name : SAMPLES) {
            conversations.add(RecordedConversation.parse(name, shippedText(RESOURCES + name + ".json")));
        }
        return new RecordedReplies(SHIPPED, conversations);
    }

    /** The text of the resource {@code path} shipped with this example. */
    static String shippedText(String path) {
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

    /** The model each role ran on when the recordings were made, for the roles they name. */
    public Map<String, String> models() {
        return models;
    }

    /** The recording that answers {@code request}, if any. */
    public Optional<RecordedConversation> find(CommitteeRequest request) {
        return conversations.stream().filter(conversation -> conversation.answers(request)).findFirst();
    }

    /**
     * Answers the model calls of the request {@code requestId} from {@code conversation} until the returned replay
     * is closed.
     */
    public Replay replay(String requestId, RecordedConversation conversation) {
        Objects.requireNonNull(conversation, "conversation");
        if (runs.putIfAbsent(Objects.requireNonNull(requestId, "requestId"), new Run(conversation)) != null) {
            throw new IllegalStateException("request " + requestId + " is already being replayed");
        }
        return () -> runs.remove(requestId);
    }

    /** The name of the recording being replayed for the request {@code requestId}, if any. */
    public Optional<String> replaying(String requestId) {
        return Optional.ofNullable(runs.get(requestId)).map(run -> run.conversation.name());
    }

    /** What a replayed answer says of itself ({@code meta.replay}, the audit record's {@code replay}). */
    public Map<String, Object> note(String recording) {
        Map<String, Object> note = new LinkedHashMap<>();
        note.put("recording", recording);
        note.put("source", source);
        note.put("note", "every model call was answered from recorded replies; no model was called");
        return note;
    }

    /**
     * The model of {@code role}, id {@code replay:<role>}: each call answered from the recording being replayed for
     * the call's request id, the recorded replies of a purpose in turn, with the tokens the provider reported for
     * it (none when the recording has none, and the call is then charged at its estimate, as a live call that
     * reports none is); a call without a reply fails as a model failure does (and the committee says so in its
     * reply).
     */
    public LlmBackend backend(String role) {
        Objects.requireNonNull(role, "role");
        return new LlmBackend() {
            @Override
            public ChatReply chat(ChatRequest request) {
                String purpose = request.purpose().orElse("");
                Run run = request.requestId().map(runs::get).orElseThrow(() -> new NonRetriableBackendException(id(),
                        "no recording is being replayed for this request", null));
                int call = run.calls.computeIfAbsent(role + " " + purpose, key -> new AtomicInteger())
                        .getAndIncrement();
                String reply = run.conversation.reply(role, purpose, call).orElseThrow(() ->
                        new NonRetriableBackendException(id(), "no recorded reply of " + role + " for " + purpose
                                + " (call " + (call + 1) + ")", null));
                TokenUsage usage = run.conversation.usage(role, purpose, call).orElse(new TokenUsage(0, 0));
                return ChatReply.builder().text(reply).usage(usage).backendId(id())
                        .model(models.getOrDefault(role, RecordedConversation.MODEL)).finishReason("stop").build();
            }

            @Override
            public String id() {
                return "replay:" + role;
            }
        };
    }

    /** A request's replay; closing it ends it. */
    @FunctionalInterface
    public interface Replay extends AutoCloseable {
        @Override
        void close();
    }

    /** One request's replay: its recording and its calls so far, by role and purpose. */
    private record Run(RecordedConversation conversation, Map<String, AtomicInteger> calls) {
        Run(RecordedConversation conversation) {
            this(conversation, new ConcurrentHashMap<>());
        }
    }
}

package dev.keel.examples.tools;

import dev.keel.core.ConfigurationException;
import dev.keel.core.content.Part;
import dev.keel.core.io.TextSources;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.ChatRole;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.text.NormalizedText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The assistant's model, offline: a replay of replies recorded from a language model answering the shipped
 * questions with the assistant's tools ({@value #RECORDINGS}). No language model is asked, and every reply says so:
 * the backend's id is {@value #ID} and each reply's model {@value #MODEL}.
 *
 * <p>A request is answered by the recording chosen by its question (the last user message): every word of one of the
 * recording's {@code when} lists appears in it, recordings tried in order. The recording's rounds of tool calls are
 * replayed one per request, as long as the request offers tools and every call so far was answered; then its answer.
 * When a call was refused or failed (the tool result the model was given says so), the model went on without it: the
 * answer recorded for that tool is replayed, as the recorded model wrote it, with no further round. Thread-safe and
 * stateless: what to reply is read from the request's messages alone.
 */
public final class RecordedModel implements LlmBackend {

    /** The backend id of the replay, as the provenance names it. */
    public static final String ID = "recorded_model";
    /** The model every reply names: a replay, not a language model. */
    public static final String MODEL = "replay of recorded replies";
    /** The class path resource the recordings are read from. */
    public static final String RECORDINGS = "recorded_replies.json";

    private static final String FOLDER = "dev/keel/examples/tools/";
    private static final List<String> ROUND_NAMES = List.of("first", "second", "third", "fourth", "fifth");

    /** One recorded exchange. */
    record Recording(String id, List<List<String>> when, List<List<Call>> rounds, String answer,
                     Map<String, String> ifRefused) {
    }

    /** A tool call as the model recorded it. */
    record Call(String tool, Map<String, Object> arguments) {
    }

    private final List<Recording> recordings;
    private final String otherwise;

    private RecordedModel(List<Recording> recordings, String otherwise) {
        this.recordings = List.copyOf(recordings);
        this.otherwise = otherwise;
    }

    /** The replay of the shipped recordings. */
    public static RecordedModel shipped() {
        Object tree = JsonCodec.strict().parse(TextSources.readResource(RecordedModel.class.getClassLoader(),
                FOLDER + RECORDINGS));
        return JsonTreeReader.read(tree, root -> {
            JsonTreeReader.ObjectValue file = root.object("description", "recordings", "otherwise");
            List<Recording> recordings = file.required("recordings").list(RecordedModel::recording);
            return new RecordedModel(recordings, file.required("otherwise").nonBlankString());
        }, problems -> new ConfigurationException(RECORDINGS + " at " + problems.get(0).pointer() + ": "
                + problems.get(0).message()));
    }

    @SuppressWarnings("unchecked")
    private static Recording recording(JsonTreeReader.Value value) {
        JsonTreeReader.ObjectValue recording = value.object("id", "when", "rounds", "answer", "if_refused");
        List<List<String>> when = recording.required("when").list(JsonTreeReader.Value::strings);
        List<List<Call>> rounds = recording.required("rounds").list(round -> round.list(call -> {
            JsonTreeReader.ObjectValue object = call.object("tool", "arguments");
            JsonTreeReader.Value arguments = object.required("arguments");
            arguments.anyObject();
            return new Call(object.required("tool").nonBlankString(), arguments.raw() instanceof Map<?, ?> map
                    ? (Map<String, Object>) map : Map.of());
        }));
        if (rounds.size() > ROUND_NAMES.size()) {
            recording.required("rounds").problem("at most " + ROUND_NAMES.size() + " rounds are replayed");
        }
        return new Recording(recording.required("id").nonBlankString(), when, rounds,
                recording.required("answer").nonBlankString(),
                recording.optional("if_refused").isPresent()
                        ? recording.optional("if_refused").map(JsonTreeReader.Value::nonBlankString) : Map.of());
    }

    @Override
    public String id() {
        return ID;
    }

    /** The recording that answers {@code question}; empty when none does. */
    public Optional<String> recordingFor(String question) {
        return recording(question).map(Recording::id);
    }

    @Override
    public ChatReply chat(ChatRequest request) {
        String question = lastUserMessage(request.messages());
        Optional<Recording> found = recording(question);
        if (found.isEmpty()) {
            return reply(otherwise, List.of());
        }
        Recording recording = found.get();
        Optional<String> unanswered = firstUnanswered(request.messages());
        if (unanswered.isPresent()) {
            return reply(recording.ifRefused().getOrDefault(unanswered.get(), recording.answer()), List.of());
        }
        int round = roundsTaken(request.messages());
        if (round < recording.rounds().size() && !request.tools().isEmpty()) {
            List<Part.ToolCall> calls = new ArrayList<>();
            for (Call call : recording.rounds().get(round)) {
                // Ids without digits: a PARTIAL answer's provenance shows them as they are, not as withheld figures.
                calls.add(Part.ToolCall.of("call-" + call.tool() + "-" + ROUND_NAMES.get(round), call.tool(),
                        call.arguments()));
            }
            return reply("", calls);
        }
        return reply(recording.answer(), List.of());
    }

    private Optional<Recording> recording(String question) {
        String words = NormalizedText.of(question).text().toLowerCase(Locale.ROOT);
        return recordings.stream()
                .filter(r -> r.when().stream().anyMatch(all -> all.stream().allMatch(words::contains)))
                .findFirst();
    }

    private static ChatReply reply(String text, List<Part.ToolCall> calls) {
        return ChatReply.builder().text(text).toolCalls(calls).backendId(ID).model(MODEL)
                .finishReason(calls.isEmpty() ? "stop" : "tool_calls").build();
    }

    private static String lastUserMessage(List<ChatMessage> messages) {
        for (int i = messages.size() - 1; i >= 0; i--) {
            if (messages.get(i).role() == ChatRole.USER) {
                return messages.get(i).text();
            }
        }
        return "";
    }

    private static int roundsTaken(List<ChatMessage> messages) {
        return (int) messages.stream().filter(m -> m.role() == ChatRole.ASSISTANT)
                .filter(m -> m.parts().stream().anyMatch(Part.ToolCall.class::isInstance)).count();
    }

    /** The tool of the first call the model was told was refused or failed; empty when every call was answered. */
    private static Optional<String> firstUnanswered(List<ChatMessage> messages) {
        return messages.stream().filter(m -> m.role() == ChatRole.TOOL)
                .flatMap(m -> m.parts().stream())
                .filter(Part.ToolResult.class::isInstance).map(Part.ToolResult.class::cast)
                .filter(result -> result.result() instanceof Map<?, ?> map
                        && (Boolean.TRUE.equals(map.get("refused")) || Boolean.TRUE.equals(map.get("failed"))))
                .map(Part.ToolResult::name).findFirst();
    }
}

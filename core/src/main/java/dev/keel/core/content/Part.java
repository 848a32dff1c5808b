package dev.keel.core.content;

import dev.keel.core.json.JsonBudget;
import dev.keel.core.json.JsonCodec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One part of a message, typed by how its reader reads it, with its {@link Labels}.
 *
 * <ul>
 *   <li>{@link Text}: plain text, read as written;</li>
 *   <li>{@link Markdown}: CommonMark source, read as rendered (emphasis, inline HTML and comments do not split a
 *       word for its reader, so they do not for the filters either);</li>
 *   <li>{@link Json}: a JSON value, read as values (strings after their escapes are decoded, numbers, keys);</li>
 *   <li>{@link Attachment}: a file by name, URL and, when known, its text;</li>
 *   <li>{@link ToolCall} and {@link ToolResult}: a model's call of a host tool and what the tool returned.</li>
 * </ul>
 *
 * <p>A JSON value a part holds (a JSON part's value, a call's arguments, a result) is within the {@link JsonBudget}:
 * one nested deeper or larger is held as the budget's placeholder, {@code {"withheld": true, "reason_codes":
 * ["json_too_deep"]}} (or {@code json_too_large}), so that the part is withheld and not the call that carries it.
 *
 * <p>{@link #rendered()} is how the part is written into a prompt for a backend that takes text: a pure function of
 * the part. Filters never work on the rendering: they read the part as its kind says, and the prompt is rendered
 * from the filtered parts. Immutable and thread-safe.
 */
public sealed interface Part permits Part.Text, Part.Markdown, Part.Json, Part.Attachment, Part.ToolCall,
        Part.ToolResult {

    /** What is known of the part: domains, internal only, the decision it was produced under. */
    Labels labels();

    /** This part with {@code labels}. */
    Part withLabels(Labels labels);

    /** The kind's wire name: {@code text}, {@code markdown}, {@code json}, {@code attachment}, ... */
    String kind();

    /** The part as written into a text prompt. */
    String rendered();

    /** Plain text, not yet labelled. */
    static Text text(String text) {
        return new Text(text, Labels.NONE);
    }

    /** Markdown source, not yet labelled. */
    static Markdown markdown(String source) {
        return new Markdown(source, Labels.NONE);
    }

    /** A JSON value (a plain tree, a record or a bean, turned into a plain tree), not yet labelled. */
    static Json json(@Nullable Object value) {
        return new Json(value, Labels.NONE);
    }

    /** Plain text. */
    record Text(String text, Labels labels) implements Part {
        public Text {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(labels, "labels");
        }

        @Override
        public Text withLabels(Labels labels) {
            return new Text(text, labels);
        }

        @Override
        public String kind() {
            return "text";
        }

        @Override
        public String rendered() {
            return text;
        }
    }

    /** Markdown source (CommonMark, inline and block HTML included). */
    record Markdown(String source, Labels labels) implements Part {
        public Markdown {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(labels, "labels");
        }

        @Override
        public Markdown withLabels(Labels labels) {
            return new Markdown(source, labels);
        }

        @Override
        public String kind() {
            return "markdown";
        }

        @Override
        public String rendered() {
            return source;
        }
    }

    /**
     * A JSON value: a plain tree of maps with string keys, lists, strings, numbers, booleans and nulls.
     *
     * @param value the value; null for JSON's null; the {@link JsonBudget}'s placeholder for one past the budget
     */
    record Json(@Nullable Object value, Labels labels) implements Part {
        public Json {
            value = value == null ? null : JsonBudget.within(JsonCodec.strict().toPlain(value));
            Objects.requireNonNull(labels, "labels");
        }

        @Override
        public Json withLabels(Labels labels) {
            return new Json(value, labels);
        }

        @Override
        public String kind() {
            return "json";
        }

        /** Compact JSON on one line. */
        @Override
        public String rendered() {
            return value == null ? "null" : JsonCodec.strict().write(value);
        }
    }

    /**
     * A file given with a message.
     *
     * @param name      the file's name as given
     * @param url       where it is, if given
     * @param mediaType its media type, if given
     * @param text      its text, when it is known (extracted by the host); null otherwise
     */
    record Attachment(String name, @Nullable String url, @Nullable String mediaType, @Nullable String text,
                      Labels labels) implements Part {
        public Attachment {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(labels, "labels");
        }

        /** An attachment not yet labelled. */
        public static Attachment of(String name, @Nullable String url, @Nullable String mediaType,
                                    @Nullable String text) {
            return new Attachment(name, url, mediaType, text, Labels.NONE);
        }

        @Override
        public Attachment withLabels(Labels labels) {
            return new Attachment(name, url, mediaType, text, labels);
        }

        @Override
        public String kind() {
            return "attachment";
        }

        /** {@code Attachment: name <url> (media type)}, then its text on the following lines when known. */
        @Override
        public String rendered() {
            return "Attachment: " + name + (url == null ? "" : " <" + url + ">")
                    + (mediaType == null ? "" : " (" + mediaType + ")") + (text == null ? "" : "\n" + text);
        }
    }

    /**
     * A model's call of a host tool.
     *
     * @param id        the call's id, as the model gave it
     * @param name      the tool's name
     * @param arguments the arguments, a JSON object as a plain tree; the {@link JsonBudget}'s placeholder for
     *                  arguments past the budget (the tool gate refuses such a call)
     */
    record ToolCall(String id, String name, Map<String, Object> arguments, Labels labels) implements Part {
        @SuppressWarnings("unchecked")
        public ToolCall {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            // An object within the budget, or the placeholder, which is an object too.
            arguments = (Map<String, Object>) JsonBudget.within(JsonCodec.strict().toPlain(
                    Objects.requireNonNull(arguments, "arguments")));
            Objects.requireNonNull(labels, "labels");
        }

        /** A call not yet labelled. */
        public static ToolCall of(String id, String name, Map<String, Object> arguments) {
            return new ToolCall(id, name, arguments, Labels.NONE);
        }

        @Override
        public ToolCall withLabels(Labels labels) {
            return new ToolCall(id, name, arguments, labels);
        }

        @Override
        public String kind() {
            return "tool_call";
        }

        /** {@code {"tool_call":{"id":...,"name":...,"arguments":{...}}}} on one line. */
        @Override
        public String rendered() {
            Map<String, Object> call = new LinkedHashMap<>();
            call.put("id", id);
            call.put("name", name);
            call.put("arguments", arguments);
            return JsonCodec.strict().write(Map.of("tool_call", call));
        }
    }

    /**
     * What a host tool returned for a call.
     *
     * @param callId the id of the call it answers
     * @param name   the tool's name
     * @param result the result: a string, or a JSON value as a plain tree; the {@link JsonBudget}'s placeholder for
     *               one past the budget
     */
    record ToolResult(String callId, String name, @Nullable Object result, Labels labels) implements Part {
        public ToolResult {
            Objects.requireNonNull(callId, "callId");
            Objects.requireNonNull(name, "name");
            result = result == null ? null : JsonBudget.within(JsonCodec.strict().toPlain(result));
            Objects.requireNonNull(labels, "labels");
        }

        /** A result not yet labelled. */
        public static ToolResult of(String callId, String name, @Nullable Object result) {
            return new ToolResult(callId, name, result, Labels.NONE);
        }

        @Override
        public ToolResult withLabels(Labels labels) {
            return new ToolResult(callId, name, result, labels);
        }

        @Override
        public String kind() {
            return "tool_result";
        }

        /** {@code {"tool_result":{"id":...,"name":...,"result":...}}} on one line. */
        @Override
        public String rendered() {
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("id", callId);
            answer.put("name", name);
            answer.put("result", result);
            return JsonCodec.strict().write(Map.of("tool_result", answer));
        }
    }
}

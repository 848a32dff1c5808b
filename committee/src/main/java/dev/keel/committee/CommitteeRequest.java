package dev.keel.committee;

import dev.keel.core.content.Part;
import dev.keel.core.json.JsonTreeReader;
import dev.keel.core.json.JsonTreeReader.ObjectValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A chat request, exactly as {@code POST /api/chat} takes it: {@code {"source", "mode", "user": {"id", "name"},
 * "context": {"channelId"?, "guildId"?, "messageId"?}, "message", "attachments"?: [{"filename", "url",
 * "contentType"?}]}}. Immutable, pure and thread-safe.
 */
public record CommitteeRequest(Source source, Mode mode, User user, Context context, String message,
                               List<Attachment> attachments) {

    /** Who asks. */
    public record User(String id, String name) {
        public User {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
        }
    }

    /** Where the message was posted; every part optional. */
    public record Context(@Nullable String channelId, @Nullable String guildId, @Nullable String messageId) {
        public static Context none() {
            return new Context(null, null, null);
        }
    }

    /** A file sent with the message. */
    public record Attachment(String filename, String url, @Nullable String contentType) {
        public Attachment {
            Objects.requireNonNull(filename, "filename");
            Objects.requireNonNull(url, "url");
        }

        public Optional<String> contentTypeOption() {
            return Optional.ofNullable(contentType);
        }

        /** The file as a part of a message: its name, URL and content type, its text not known. */
        public Part.Attachment part() {
            return Part.Attachment.of(filename, url, contentType, null);
        }
    }

    public CommitteeRequest {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(message, "message");
        attachments = List.copyOf(attachments);
    }

    /**
     * The user's message as the parts of a chat message: the message as text, then each attachment as an
     * attachment part, so that whoever reads the request (governance, a filter) reads a file's name and URL too.
     */
    public List<Part> messageParts() {
        List<Part> parts = new ArrayList<>();
        parts.add(Part.text(message));
        attachments.forEach(attachment -> parts.add(attachment.part()));
        return parts;
    }

    /** A request from the command line, with no context and no attachment. */
    public static CommitteeRequest of(Mode mode, String message) {
        return new CommitteeRequest(Source.CLI, mode, new User("cli", "cli"), Context.none(), message, List.of());
    }

    /**
     * Reads the wire form (a plain tree as {@link dev.keel.core.json.JsonCodec} gives). A {@code $schema} key is
     * accepted at the root; any other unknown key is a problem.
     *
     * @throws InvalidCommitteeRequestException naming every problem by its JSON pointer
     */
    public static CommitteeRequest fromWire(Object tree) {
        JsonTreeReader reader = JsonTreeReader.of(tree);
        ObjectValue root = reader.root().object("source", "mode", "user", "context", "message", "attachments");
        Source source = root.required("source").enumValue(Source.class, Source::wireName);
        Mode mode = root.required("mode").enumValue(Mode.class, Mode::wireName);
        ObjectValue userValue = root.required("user").object("id", "name");
        String userId = userValue.required("id").nonBlankString();
        String userName = userValue.required("name").string();
        ObjectValue contextValue = root.required("context").object("channelId", "guildId", "messageId");
        String channelId = contextValue.optional("channelId").string();
        String guildId = contextValue.optional("guildId").string();
        String messageId = contextValue.optional("messageId").string();
        String message = root.required("message").nonBlankString();
        List<Attachment> attachments = root.optional("attachments").list(item -> {
            ObjectValue attachment = item.object("filename", "url", "contentType");
            String filename = attachment.required("filename").nonBlankString();
            String url = attachment.required("url").nonBlankString();
            String contentType = attachment.optional("contentType").string();
            return attachment.build(() -> new Attachment(filename, url, contentType));
        });
        reader.throwIfProblems(InvalidCommitteeRequestException::new);
        return new CommitteeRequest(source, mode, new User(userId, userName),
                new Context(channelId, guildId, messageId), message, attachments == null ? List.of() : attachments);
    }

    /** The wire form, optional members left out when absent. */
    public Map<String, Object> toWire() {
        Map<String, Object> wire = new LinkedHashMap<>();
        wire.put("source", source.wireName());
        wire.put("mode", mode.wireName());
        wire.put("user", Map.of("id", user.id(), "name", user.name()));
        Map<String, Object> ctx = new LinkedHashMap<>();
        if (context.channelId() != null) {
            ctx.put("channelId", context.channelId());
        }
        if (context.guildId() != null) {
            ctx.put("guildId", context.guildId());
        }
        if (context.messageId() != null) {
            ctx.put("messageId", context.messageId());
        }
        wire.put("context", ctx);
        wire.put("message", message);
        if (!attachments.isEmpty()) {
            wire.put("attachments", attachments.stream().map(a -> {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("filename", a.filename());
                item.put("url", a.url());
                if (a.contentType() != null) {
                    item.put("contentType", a.contentType());
                }
                return item;
            }).toList());
        }
        return wire;
    }
}

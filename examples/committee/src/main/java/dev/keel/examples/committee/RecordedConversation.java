package dev.keel.examples.committee;

import dev.keel.committee.CommitteeRequest;
import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One recorded conversation: a chat request and the replies the models gave to it, by role and by call purpose
 * ({@code master_plan}, {@code agent:solver:round1}, {@code score}, {@code master_synthesis}); a purpose with
 * several replies gives them in turn (a first attempt and the answer to the re-ask). {@link RecordedReplies#replay}
 * answers every model call of a request from it, so a run needs no model and no network.
 *
 * <p>The file form: {@code {"name", "description", "request": {...the request's wire form...}, "replies": {"<role>":
 * {"<purpose>": reply | [reply, ...]}}}}, each reply the JSON object the model answered.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name        the recording's name (its file name without {@code .json})
 * @param description what the recording shows
 * @param request     the recorded request
 * @param replies     the models' replies as JSON text, by role, then by purpose
 */
public record RecordedConversation(String name, String description, CommitteeRequest request,
                                   Map<String, Map<String, List<String>>> replies) {

    /** What a replayed backend reports as its model. */
    public static final String MODEL = "recorded-replies";

    private static final JsonCodec JSON = JsonCodec.strict();

    public RecordedConversation {
        Map<String, Map<String, List<String>>> copy = new LinkedHashMap<>();
        replies.forEach((role, byPurpose) -> {
            Map<String, List<String>> purposes = new LinkedHashMap<>();
            byPurpose.forEach((purpose, texts) -> purposes.put(purpose, List.copyOf(texts)));
            copy.put(role, Collections.unmodifiableMap(purposes));
        });
        replies = Collections.unmodifiableMap(copy);
    }

    /**
     * Reads a recording from its file form.
     *
     * @throws ConfigurationException naming {@code name} and what is wrong
     */
    public static RecordedConversation parse(String name, String json) {
        Map<String, Object> tree = JSON.parseObject(json);
        if (!(tree.get("replies") instanceof Map<?, ?> byRole) || byRole.isEmpty()) {
            throw new ConfigurationException("recording " + name + ": /replies must be an object of roles");
        }
        Map<String, Map<String, List<String>>> replies = new LinkedHashMap<>();
        byRole.forEach((role, purposes) -> {
            if (!(purposes instanceof Map<?, ?> byPurpose)) {
                throw new ConfigurationException("recording " + name + ": /replies/" + role + " must be an object");
            }
            Map<String, List<String>> roleReplies = new LinkedHashMap<>();
            byPurpose.forEach((purpose, reply) -> roleReplies.put((String) purpose,
                    reply instanceof List<?> attempts ? attempts.stream().map(JSON::write).toList()
                            : List.of(JSON.write(reply))));
            replies.put((String) role, roleReplies);
        });
        Object description = tree.get("description");
        return new RecordedConversation(name, description instanceof String text ? text : "",
                CommitteeRequest.fromWire(tree.get("request")), replies);
    }

    /** True when this recording answers {@code request}: the same mode and the same message. */
    public boolean answers(CommitteeRequest candidate) {
        return request.mode() == candidate.mode() && request.message().equals(candidate.message());
    }

    /** The recorded reply to the {@code call}-th call (from 0) of {@code role} for {@code purpose}, if any. */
    public Optional<String> reply(String role, String purpose, int call) {
        List<String> recorded = replies.getOrDefault(role, Map.of()).getOrDefault(purpose, List.of());
        return call < recorded.size() ? Optional.of(recorded.get(call)) : Optional.empty();
    }
}

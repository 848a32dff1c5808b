package dev.keel.examples.committee;

import dev.keel.committee.Committee;
import dev.keel.committee.CommitteeConfig;
import dev.keel.committee.CommitteeRequest;
import dev.keel.core.ConfigurationException;
import dev.keel.core.NonRetriableBackendException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.core.spi.TokenUsage;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One recorded conversation: a chat request and the replies the models gave to it, by role and by call purpose
 * ({@code master_plan}, {@code agent:solver:round1}, {@code score}, {@code master_synthesis}); a purpose with
 * several replies gives them in turn (a first attempt and the answer to the re-ask). {@link #committee} builds a
 * committee whose every model call is answered from the recording, so a run needs no model and no network.
 *
 * <p>The file form: {@code {"name", "description", "request": {...the request's wire form...}, "replies": {"<role>":
 * {"<purpose>": reply | [reply, ...]}}}}, each reply the JSON object the model answered.
 *
 * <p>Immutable and thread-safe; each committee it builds counts its own calls.
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

    /**
     * A committee on {@code config} whose master, scorer and agents answer from this recording; a call the
     * recording has no reply for fails as a model failure does, and the committee says so in its reply.
     */
    public Committee committee(CommitteeConfig config, Clock clock) {
        Set<String> roles = new LinkedHashSet<>();
        roles.add(CommitteeConfig.MASTER);
        roles.add(config.scorerRole());
        roles.addAll(config.availableAgents());
        Committee.Builder builder = Committee.builder(config, clock);
        roles.forEach(role -> builder.backend(role, new ReplayedModel(role, replies.getOrDefault(role, Map.of()))));
        return builder.build();
    }

    /** A role's model during one replayed run: the recorded replies in order, per purpose. */
    private static final class ReplayedModel implements LlmBackend {

        private final String role;
        private final Map<String, List<String>> replies;
        private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

        ReplayedModel(String role, Map<String, List<String>> replies) {
            this.role = role;
            this.replies = replies;
        }

        @Override
        public ChatReply chat(ChatRequest request) {
            String purpose = request.purpose().orElse("");
            List<String> recorded = replies.getOrDefault(purpose, List.of());
            int call = calls.computeIfAbsent(purpose, key -> new AtomicInteger()).getAndIncrement();
            if (call >= recorded.size()) {
                throw new NonRetriableBackendException(id(), "no recorded reply of " + role + " for " + purpose
                        + " (call " + (call + 1) + ")", null);
            }
            return ChatReply.builder().text(recorded.get(call)).usage(new TokenUsage(0, 0)).backendId(id())
                    .model(MODEL).finishReason("stop").build();
        }

        @Override
        public String id() {
            return "replay:" + role;
        }
    }
}

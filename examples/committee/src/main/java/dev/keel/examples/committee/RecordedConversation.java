package dev.keel.examples.committee;

import dev.keel.committee.CommitteeRequest;
import dev.keel.core.ConfigurationException;
import dev.keel.core.json.JsonCodec;
import dev.keel.core.spi.TokenUsage;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One recorded conversation: a chat request and the replies the models gave to it, by role and by call purpose
 * ({@code master_plan}, {@code agent:solver:round1}, {@code score}, {@code master_synthesis}); a purpose with
 * several replies gives them in turn (a first attempt and the answer to the re-ask). {@link RecordedReplies#replay}
 * answers every model call of a request from it, so a run needs no model and no network.
 *
 * <p>The file form: {@code {"name", "description", "request": {...the request's wire form...}, "replies": {"<role>":
 * {"<purpose>": reply | [reply, ...]}}, "models"?: {"<role>": model}, "usage"?: {"<role>": {"<purpose>": usage |
 * [usage, ...]}}}}, each reply the JSON object the model answered, each usage {@code {"inputTokens",
 * "outputTokens"}} the tokens the provider reported for that reply, and each model the one the role ran on: a
 * replayed call costs what the recorded call cost, its recorded tokens at the model's price.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name        the recording's name (its file name without {@code .json})
 * @param description what the recording shows
 * @param request     the recorded request
 * @param replies     the models' replies as JSON text, by role, then by purpose
 * @param models      the model each role ran on, for the roles the recording names
 * @param usage       the tokens reported for each reply, by role, then by purpose, in the order of the replies
 */
public record RecordedConversation(String name, String description, CommitteeRequest request,
                                   Map<String, Map<String, List<String>>> replies, Map<String, String> models,
                                   Map<String, Map<String, List<TokenUsage>>> usage) {

    /** What a replayed backend reports as its model. */
    public static final String MODEL = "recorded-replies";

    private static final JsonCodec JSON = JsonCodec.strict();

    public RecordedConversation {
        replies = copy(replies);
        models = Map.copyOf(models);
        usage = copy(usage);
    }

    private static <T> Map<String, Map<String, List<T>>> copy(Map<String, Map<String, List<T>>> byRole) {
        Map<String, Map<String, List<T>>> copy = new LinkedHashMap<>();
        byRole.forEach((role, byPurpose) -> {
            Map<String, List<T>> purposes = new LinkedHashMap<>();
            byPurpose.forEach((purpose, items) -> purposes.put(purpose, List.copyOf(items)));
            copy.put(role, Collections.unmodifiableMap(purposes));
        });
        return Collections.unmodifiableMap(copy);
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
        Map<String, Map<String, List<String>>> replies = byRoleAndPurpose(name, "replies", byRole, JSON::write);
        Map<String, Map<String, List<TokenUsage>>> usage = tree.get("usage") instanceof Map<?, ?> usageByRole
                ? byRoleAndPurpose(name, "usage", usageByRole, recorded -> tokens(name, recorded)) : Map.of();
        Map<String, String> models = new LinkedHashMap<>();
        if (tree.get("models") instanceof Map<?, ?> byModel) {
            byModel.forEach((role, model) -> {
                if (!(model instanceof String text) || text.isBlank()) {
                    throw new ConfigurationException("recording " + name + ": /models/" + role + " must name a model");
                }
                models.put((String) role, text);
            });
        } else if (tree.get("models") != null) {
            throw new ConfigurationException("recording " + name + ": /models must be an object of roles");
        }
        Object description = tree.get("description");
        return new RecordedConversation(name, description instanceof String text ? text : "",
                CommitteeRequest.fromWire(tree.get("request")), replies, models, usage);
    }

    /** {@code {"<role>": {"<purpose>": item | [item, ...]}}}, each item read by {@code read}. */
    private static <T> Map<String, Map<String, List<T>>> byRoleAndPurpose(String name, String member, Map<?, ?> byRole,
                                                                          Function<Object, T> read) {
        Map<String, Map<String, List<T>>> items = new LinkedHashMap<>();
        byRole.forEach((role, purposes) -> {
            if (!(purposes instanceof Map<?, ?> byPurpose)) {
                throw new ConfigurationException("recording " + name + ": /" + member + "/" + role
                        + " must be an object");
            }
            Map<String, List<T>> roleItems = new LinkedHashMap<>();
            byPurpose.forEach((purpose, item) -> roleItems.put((String) purpose, item instanceof List<?> attempts
                    ? attempts.stream().map(read).toList() : List.of(read.apply(item))));
            items.put((String) role, roleItems);
        });
        return items;
    }

    private static TokenUsage tokens(String name, Object recorded) {
        if (recorded instanceof Map<?, ?> usage && usage.get("inputTokens") instanceof BigDecimal in
                && usage.get("outputTokens") instanceof BigDecimal out && in.signum() >= 0 && out.signum() >= 0) {
            try {
                return new TokenUsage(in.longValueExact(), out.longValueExact());
            } catch (ArithmeticException notWhole) {
                // reported below as any other bad count
            }
        }
        throw new ConfigurationException("recording " + name + ": a usage is {\"inputTokens\", \"outputTokens\"},"
                + " each a whole number of at least 0");
    }

    /** True when this recording answers {@code request}: the same mode and the same message. */
    public boolean answers(CommitteeRequest candidate) {
        return request.mode() == candidate.mode() && request.message().equals(candidate.message());
    }

    /**
     * The tokens reported for the {@code call}-th reply (from 0) of {@code role} for {@code purpose}; empty when
     * the recording has none.
     */
    public Optional<TokenUsage> usage(String role, String purpose, int call) {
        List<TokenUsage> recorded = usage.getOrDefault(role, Map.of()).getOrDefault(purpose, List.of());
        return call < recorded.size() ? Optional.of(recorded.get(call)) : Optional.empty();
    }

    /** The recorded reply to the {@code call}-th call (from 0) of {@code role} for {@code purpose}, if any. */
    public Optional<String> reply(String role, String purpose, int call) {
        List<String> recorded = replies.getOrDefault(role, Map.of()).getOrDefault(purpose, List.of());
        return call < recorded.size() ? Optional.of(recorded.get(call)) : Optional.empty();
    }
}

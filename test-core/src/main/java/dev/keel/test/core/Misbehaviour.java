package dev.keel.test.core;

import dev.keel.core.json.JsonCodec;
import dev.keel.core.json.JsonPointers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

/**
 * The ways a model breaks the contract of a call that expects JSON, each made from a reply that keeps it: what a
 * robustness test has a loopback model server answer, so that every kind is tried against every call of an
 * application.
 *
 * <p>{@link #reply} derives the misbehaving reply from a valid one (a JSON object) and the JSON pointers of the
 * members that hold identifiers (an agency, a service, an intent, a step), so that {@link #UNKNOWN_IDS} gives an id
 * that is well formed but names nothing and {@link #WRONG_TYPES} changes the type of a member the contract
 * requires. The random source chooses which member and which words; the same seed gives the same reply.
 *
 * <p>Pure and thread-safe (the random source is the caller's).
 */
public enum Misbehaviour {

    /** Plain words where JSON is expected. */
    NOT_JSON,
    /** An empty reply. */
    EMPTY,
    /** The valid JSON in a Markdown code fence with a sentence before it. */
    FENCED_JSON,
    /** One member of the valid reply with a value of another JSON type. */
    WRONG_TYPES,
    /** The valid reply with members the contract does not name. */
    EXTRA_FIELDS,
    /** The valid reply with its identifiers replaced by well-formed ones that name nothing. */
    UNKNOWN_IDS,
    /** A reply far longer than any contract allows (about 300 KB of JSON-looking text). */
    HUGE,
    /** A friendly paragraph that answers the user instead of the call. */
    PROSE,
    /** JSON cut off part-way, as a reply stopped by its token limit. */
    TRUNCATED;

    /**
     * One generated robustness case: a kind of misbehaviour, the call of the application it is tried on, and the
     * seed its reply is made from.
     */
    public record Case<C>(Misbehaviour kind, C call, long seed) {

        public Case {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(call, "call");
        }

        /** This case's misbehaving reply, derived from {@code validReply} ({@link Misbehaviour#reply}). */
        public String reply(String validReply, Set<String> idPointers) {
            return kind.reply(validReply, idPointers, new Random(seed));
        }

        /**
         * A started loopback model server that answers this case's reply every time or, when
         * {@code correctedAfterReask}, once and then {@code validReply}: a model that keeps breaking its contract,
         * or one that keeps it when asked again. The caller closes it.
         */
        public LoopbackModelServer server(String validReply, Set<String> idPointers, boolean correctedAfterReask) {
            LoopbackModelServer server = LoopbackModelServer.start();
            Reply bad = Reply.text(reply(validReply, idPointers));
            if (correctedAfterReask) {
                server.then(bad).otherwise(Reply.text(validReply));
            } else {
                server.otherwise(bad);
            }
            return server;
        }
    }

    private static final JsonCodec JSON = JsonCodec.strict();

    /**
     * Every kind on every call, {@code seedsPerCall} times each, the seeds drawn from {@code seed}: the same cases
     * for the same seed, in the order kind, call, seed.
     */
    public static <C> List<Case<C>> cases(long seed, List<C> calls, int seedsPerCall) {
        Random seeds = new Random(seed);
        List<Case<C>> cases = new ArrayList<>();
        for (Misbehaviour kind : values()) {
            for (C call : calls) {
                for (int i = 0; i < seedsPerCall; i++) {
                    cases.add(new Case<>(kind, call, seeds.nextLong()));
                }
            }
        }
        return Collections.unmodifiableList(cases);
    }
    private static final String[] WORDS = {"sure", "here", "is", "the", "answer", "you", "asked", "for", "happy",
        "to", "help", "with", "that", "request", "today"};

    /**
     * The misbehaving reply of this kind derived from {@code validReply}.
     *
     * @param validReply a reply that keeps the contract: a JSON object
     * @param idPointers JSON pointers of the members of {@code validReply} holding identifiers (strings); may be
     *                   empty, when {@link #UNKNOWN_IDS} changes the first string member instead
     * @param random     chooses members and words
     */
    public String reply(String validReply, Set<String> idPointers, Random random) {
        Objects.requireNonNull(validReply, "validReply");
        Objects.requireNonNull(idPointers, "idPointers");
        Objects.requireNonNull(random, "random");
        switch (this) {
            case NOT_JSON:
                return words(random, 6) + ".";
            case EMPTY:
                return "";
            case FENCED_JSON:
                return "Here is the JSON you asked for:\n\n```json\n" + validReply + "\n```\n";
            case HUGE:
                StringBuilder huge = new StringBuilder(310_000).append("{\"items\":[");
                while (huge.length() < 300_000) {
                    huge.append('"').append(words(random, 8)).append("\",");
                }
                return huge.append("\"end\"]}").toString();
            case PROSE:
                return "Thank you for your question! " + words(random, 20) + ". Let me know if there is anything"
                        + " else I can do.";
            case TRUNCATED:
                return validReply.substring(0, Math.max(1, validReply.length() / 2));
            default:
                return JSON.write(mutate(JSON.parseObject(validReply), idPointers, random));
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> mutate(Map<String, Object> valid, Set<String> idPointers, Random random) {
        Map<String, Object> tree = new LinkedHashMap<>(valid);
        switch (this) {
            case EXTRA_FIELDS:
                tree.put("confidence_note", words(random, 3));
                tree.put("debug", Map.of("reasoning", words(random, 5)));
                return tree;
            case WRONG_TYPES:
                List<String> names = new ArrayList<>(tree.keySet());
                if (names.isEmpty()) {
                    tree.put("value", 1);
                    return tree;
                }
                String name = names.get(random.nextInt(names.size()));
                tree.put(name, tree.get(name) instanceof String ? (Object) List.of(tree.get(name)) : "not a "
                        + "value of this type");
                return tree;
            case UNKNOWN_IDS:
                Set<String> pointers = idPointers.isEmpty() ? firstString(tree) : idPointers;
                Object changed = tree;
                for (String pointer : pointers) {
                    changed = replace(changed, JsonPointers.parse(pointer), 0, "unknown_" + Integer.toString(
                            1000 + random.nextInt(9000), 36));
                }
                return (Map<String, Object>) changed;
            default:
                throw new IllegalStateException("not a mutation: " + this);
        }
    }

    private static Set<String> firstString(Map<String, Object> tree) {
        for (Map.Entry<String, Object> member : tree.entrySet()) {
            if (member.getValue() instanceof String) {
                return Set.of("/" + JsonPointers.escape(member.getKey()));
            }
        }
        return Set.of();
    }

    @SuppressWarnings("unchecked")
    private static Object replace(Object node, List<String> tokens, int depth, String id) {
        if (depth == tokens.size()) {
            return id;
        }
        String token = tokens.get(depth);
        if (node instanceof Map) {
            Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) node);
            if (copy.containsKey(token)) {
                copy.put(token, replace(copy.get(token), tokens, depth + 1, id));
            }
            return copy;
        }
        if (node instanceof List && token.chars().allMatch(Character::isDigit) && !token.isEmpty()) {
            List<Object> copy = new ArrayList<>((List<Object>) node);
            int index = Integer.parseInt(token);
            if (index < copy.size()) {
                copy.set(index, replace(copy.get(index), tokens, depth + 1, id));
            }
            return copy;
        }
        return node;
    }

    private static String words(Random random, int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return out.toString();
    }
}

package dev.keel.pipeline;

import dev.keel.core.Decision;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BinaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The audit payload of a turn made of the payloads of its rounds ({@link TurnAudit}), as plain values that a session
 * store keeps as JSON: the later round's facts (outcome, route, backends, the message's counts), the strictest
 * decision of any round, the reason codes and domains of all of them, internal only if any round was, every model
 * call, the outbound filter's redactions counted over every round's text, and each tool call once: the call a round
 * handed to the caller and its result the next round brought back are one entry, and a result the caller replays in
 * every later round of the turn is that entry again. Pure.
 */
final class TurnPayloads {

    /** How two rounds' values of a key make the turn's; a key not listed takes the later round's value. */
    private static final Map<String, BinaryOperator<@Nullable Object>> TURN = Map.of(
            "decision", TurnPayloads::strictest,
            "reason_codes", TurnPayloads::union,
            "domains", TurnPayloads::union,
            "internal_only", (earlier, later) -> Boolean.TRUE.equals(earlier) || Boolean.TRUE.equals(later),
            "calls", TurnPayloads::concat,
            "rounds", TurnPayloads::concat,
            "withheld", (earlier, later) -> counts(earlier, later, Integer::sum),
            "dropped_parts", (earlier, later) -> Math.max(count(earlier), count(later)),
            "tools", TurnPayloads::tools,
            "details", TurnPayloads::details);

    /** How a tool call's entries of two rounds make one; a key not listed keeps the first value that is not null. */
    private static final Map<String, BinaryOperator<@Nullable Object>> CALL = Map.of(
            "decision", TurnPayloads::strictest,
            "reason_codes", TurnPayloads::union,
            // The arguments were filtered once, in the round that asked; a replayed result has none.
            "withheld", (earlier, later) -> counts(earlier, later, Math::max),
            "result", (earlier, later) -> later != null ? later : earlier);

    private TurnPayloads() {
    }

    /** The payload of the turn whose rounds so far recorded {@code earlier}, after a round that recorded {@code later}. */
    static Map<String, Object> merge(Map<String, Object> earlier, Map<String, Object> later) {
        Map<String, Object> merged = new LinkedHashMap<>(later);
        earlier.forEach((key, value) -> {
            BinaryOperator<@Nullable Object> rule = TURN.get(key);
            if (!later.containsKey(key)) {
                merged.put(key, value);
            } else if (rule != null) {
                merged.put(key, rule.apply(value, later.get(key)));
            }
        });
        return merged;
    }

    private static @Nullable Object strictest(@Nullable Object earlier, @Nullable Object later) {
        Optional<Decision> first = decision(earlier);
        Optional<Decision> second = decision(later);
        if (first.isEmpty() || second.isEmpty()) {
            return later != null ? later : earlier;
        }
        return first.get().mostRestrictive(second.get()).wireName();
    }

    private static Optional<Decision> decision(@Nullable Object value) {
        return value instanceof String name ? Decision.parse(name) : Optional.empty();
    }

    private static List<Object> union(@Nullable Object earlier, @Nullable Object later) {
        LinkedHashSet<Object> all = new LinkedHashSet<>(list(earlier));
        all.addAll(list(later));
        return List.copyOf(all);
    }

    private static List<Object> concat(@Nullable Object earlier, @Nullable Object later) {
        List<Object> all = new ArrayList<>(list(earlier));
        all.addAll(list(later));
        return List.copyOf(all);
    }

    private static List<Object> list(@Nullable Object value) {
        return value instanceof List<?> list ? new ArrayList<>(list) : List.of();
    }

    private static int count(@Nullable Object value) {
        return value instanceof Number number ? number.intValue() : 0;
    }

    /** Counts by kind, each kind's made of both rounds' by {@code how}. */
    private static Map<String, Object> counts(@Nullable Object earlier, @Nullable Object later,
                                              BinaryOperator<Integer> how) {
        Map<String, Object> merged = new LinkedHashMap<>();
        map(earlier).forEach((kind, count) -> merged.put(kind, count(count)));
        map(later).forEach((kind, count) -> merged.merge(kind, count(count),
                (before, now) -> how.apply(count(before), count(now))));
        return merged;
    }

    private static Map<String, Object> details(@Nullable Object earlier, @Nullable Object later) {
        Map<String, Object> merged = new LinkedHashMap<>(map(earlier));
        merged.putAll(map(later));
        return merged;
    }

    private static Map<String, Object> map(@Nullable Object value) {
        Map<String, Object> plain = new LinkedHashMap<>();
        if (value instanceof Map<?, ?> map) {
            map.forEach((key, each) -> plain.put(String.valueOf(key), each));
        }
        return plain;
    }

    /**
     * Each tool call once: a later entry with a result joins the first earlier entry of its call (id and tool) that
     * has no result yet or the same one (the call it answers, or the result replayed again); an entry without a result
     * is a call asked in that round, new.
     */
    private static List<Object> tools(@Nullable Object earlier, @Nullable Object later) {
        List<Map<String, Object>> merged = new ArrayList<>();
        list(earlier).forEach(entry -> merged.add(map(entry)));
        for (Object item : list(later)) {
            Map<String, Object> entry = map(item);
            Object result = entry.get("result");
            Map<String, Object> same = result == null ? null : merged.stream()
                    .filter(before -> Objects.equals(before.get("call_id"), entry.get("call_id"))
                            && Objects.equals(before.get("tool"), entry.get("tool"))
                            && (before.get("result") == null || before.get("result").equals(result)))
                    .findFirst().orElse(null);
            if (same == null) {
                merged.add(entry);
                continue;
            }
            entry.forEach((key, value) -> {
                BinaryOperator<@Nullable Object> rule = CALL.get(key);
                same.put(key, rule != null ? rule.apply(same.get(key), value)
                        : same.get(key) != null ? same.get(key) : value);
            });
        }
        return List.copyOf(merged);
    }
}

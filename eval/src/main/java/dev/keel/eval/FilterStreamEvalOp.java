package dev.keel.eval;

import dev.keel.core.Decision;
import dev.keel.core.json.JsonTreeReader.Value;
import dev.keel.reading.FilteredText;
import dev.keel.reading.StreamingFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code keel eval} operation {@code filter_stream}: {@code {"decision", "chunks", "policy"?, "window"?}} to
 * {@code {"emitted", "text", "redactions", "held_max"}}: the chunks given one by one to a {@link StreamingFilter}
 * (declared the joined chunks' length, so that a stream over the limit is withheld as {@code filter} withholds it),
 * what each returned and what the end returned, their join, the redactions (a denied or oversized one names where
 * the withheld text lies, not the text, which the streaming filter does not keep), and the most it held after a
 * chunk.
 * Stateless and thread-safe.
 */
final class FilterStreamEvalOp implements EvalOp {

    private static final Set<String> KEYS = Set.of("decision", "chunks", "policy", "window");

    @Override
    public String name() {
        return "filter_stream";
    }

    @Override
    public Map<String, ?> apply(Map<String, Object> input) {
        OpInput in = new OpInput(input, KEYS);
        Decision decision = in.decision();
        List<String> chunks = in.required("chunks").strings();
        Value policy = in.optional("policy");
        Integer window = in.optional("window").integer(1, Integer.MAX_VALUE);
        in.throwIfProblems();
        StreamingFilter.Builder builder = StreamingFilter.builder(decision)
                .expectedLength(chunks.stream().mapToLong(String::length).sum());
        if (policy.isPresent()) {
            builder.policy(OpInput.policy(policy));
        }
        if (window != null) {
            builder.windowChars(window);
        }
        StreamingFilter stream = builder.open();
        List<String> emitted = new ArrayList<>(chunks.size() + 1);
        int heldMax = 0;
        for (String chunk : chunks) {
            emitted.add(stream.accept(chunk));
            heldMax = Math.max(heldMax, stream.held());
        }
        emitted.add(stream.finish());
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("emitted", emitted);
        output.putAll(new FilteredText(decision, String.join("", emitted), stream.redactions()).toWire());
        output.put("held_max", heldMax);
        return output;
    }
}

package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.keel.core.json.JsonCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The {@code filter_stream} op through the runner: on generated answers cut into generated chunks, under each
 * decision and window, its {@code text} and {@code redactions} are {@code filter}'s for the joined chunks (a denied
 * or oversized one without the text, which the stream does not keep), its
 * {@code emitted} has one entry per chunk and one for the end and joins to its {@code text}. Each case is built from
 * its own seed, printed with any failure.
 */
class FilterStreamEvalOpTest {

    private static final long SEED = 20261127L;
    private static final List<String> WORDS = List.of("Retire", "two", "boats", "in", "Q3", "at", "80%", "may", "14",
            "March", "2025", "forty", "the", "crew", "AB-123", "&#56;", "\\nforty", "ｅｉｇｈｔｙ", "keep", "spares");
    private static final List<String> GAPS = List.of(" ", " ", ", ", ". ", "\n", "-", " to ");
    private static final String POLICY = "{\"policy_id\":\"p\",\"version\":\"1\",\"roles\":{\"staff\":"
            + "{\"allowed_clearances\":[\"internal\"],\"allowed_domains\":[\"ops\"],\"default_decision\":\"ALLOW\"}},"
            + "\"restrictions\":[{\"id\":\"no_unit_ids\",\"patterns\":[\"\\\\b[A-Z]{2,4}-\\\\d{2,4}[A-Z]?\\\\b\"],"
            + "\"replacement\":\"[unit withheld]\"}]}";

    private final EvalRunner runner = EvalRunner.create(EvalOpRegistry.standard());
    private final JsonCodec codec = JsonCodec.strict();

    @Test
    void theOpIsRegistered() {
        assertThat(EvalOpRegistry.standard().names()).contains("filter", "filter_stream", "tool_gate").hasSize(15);
    }

    @TestFactory
    Stream<DynamicTest> streamingAnswersAsFilterDoesOnTheJoinedChunks() {
        return IntStream.range(0, 60).mapToObj(i -> {
            long seed = SEED + i;
            return DynamicTest.dynamicTest("seed " + seed, () -> check(seed));
        });
    }

    @SuppressWarnings("unchecked")
    private void check(long seed) {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(80); i > 0; i--) {
            text.append(WORDS.get(random.nextInt(WORDS.size()))).append(GAPS.get(random.nextInt(GAPS.size())));
        }
        List<String> chunks = new ArrayList<>();
        for (int at = 0; at < text.length(); ) {
            int end = Math.min(text.length(), at + random.nextInt(40));
            chunks.add(text.substring(at, end));
            at = end;
        }
        String decision = List.of("ALLOW", "PARTIAL", "DENY").get(random.nextInt(3));
        boolean withPolicy = random.nextBoolean();
        Map<String, Object> input = new LinkedHashMap<>();
        input.put("decision", decision);
        input.put("chunks", chunks);
        input.put("window", 8 + random.nextInt(64));
        Map<String, Object> filterInput = new LinkedHashMap<>();
        filterInput.put("decision", decision);
        filterInput.put("text", text.toString());
        if (withPolicy) {
            input.put("policy", codec.parse(POLICY));
            filterInput.put("policy", codec.parse(POLICY));
        }
        Map<String, Object> streamed = answer("filter_stream", input);
        Map<String, Object> whole = answer("filter", filterInput);
        String context = "seed " + seed + ": " + codec.write(input);
        assertThat(streamed.get("text")).as(context).isEqualTo(whole.get("text"));
        assertThat(streamed.get("redactions")).as(context)
                .isEqualTo(asStreamed((List<Map<String, Object>>) whole.get("redactions")));
        List<String> emitted = (List<String>) streamed.get("emitted");
        assertThat(emitted).as(context).hasSize(chunks.size() + 1);
        assertThat(String.join("", emitted)).as(context).isEqualTo(streamed.get("text"));
        if (decision.equals("DENY")) {
            assertThat(emitted).as(context).allMatch(String::isEmpty);
        }
    }

    /** {@code filter}'s redactions as a stream reports them: a denied or oversized one without its text. */
    private static List<Map<String, Object>> asStreamed(List<Map<String, Object>> redactions) {
        return redactions.stream().map(r -> {
            Map<String, Object> streamed = new LinkedHashMap<>(r);
            if (List.of("denied", "oversized").contains(r.get("kind"))) {
                streamed.put("removed", "");
            }
            return streamed;
        }).toList();
    }

    private Map<String, Object> answer(String op, Map<String, Object> input) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("op", op);
        line.put("input", input);
        return codec.parseObject(runner.answer(codec.write(line)));
    }
}

package dev.keel.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.keel.core.json.JsonCodec;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Whatever numbers a line of {@code pert} or {@code committee_score} holds, every answer line reads back with the
 * strict codec (numbers of at most 100 digits, scales within ±1,000): a result that could not be written so is
 * refused as {@code invalid_input} naming the field, and a result of ordinary size is never refused.
 */
class NumbersReadBackTest {

    private static final JsonCodec CODEC = JsonCodec.strict();
    private static final EvalRunner RUNNER = EvalRunner.create(EvalOpRegistry.standard());
    /** Numbers at the edges of what the codec reads, and ordinary ones. */
    private static final List<String> EXTREMES = List.of("1e999", "9e999", "1E+1000", "1e-999", "1e-1000",
            "9".repeat(99), "9".repeat(100), "0." + "0".repeat(98) + "1", "0." + "9".repeat(99),
            "9".repeat(50) + "." + "9".repeat(50), "1e99", "4.5e98", "25", "0", "1e-10", "12.5");

    @Test
    void everyPertAnswerReadsBack() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            int steps = 1 + random.nextInt(i % 10 == 0 ? 40 : 3);
            lines.append("{\"op\":\"pert\",\"input\":{\"unit\":\"hours\",\"steps\":[");
            for (int s = 0; s < steps; s++) {
                List<String> omp = new ArrayList<>(List.of(number(random), number(random), number(random)));
                omp.sort((a, b) -> new java.math.BigDecimal(a).compareTo(new java.math.BigDecimal(b)));
                lines.append(s == 0 ? "" : ",").append("{\"step\":\"s").append(s).append("\",\"o\":")
                        .append(omp.get(0)).append(",\"m\":").append(omp.get(1)).append(",\"p\":")
                        .append(omp.get(2)).append('}');
            }
            lines.append("]}}\n");
        }
        assertEveryAnswerReadsBack(lines.toString(), seed);
    }

    @Test
    void everyCommitteeScoreAnswerReadsBack() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            lines.append("{\"op\":\"committee_score\",\"input\":{\"agents\":[");
            int agents = 1 + random.nextInt(4);
            for (int a = 0; a < agents; a++) {
                lines.append(a == 0 ? "" : ",").append("{\"agent\":\"a").append(a).append("\",\"axes\":{");
                String[] axes = {"coherence", "alignment", "verifiability", "signalDensity", "compliance"};
                for (int x = 0; x < axes.length; x++) {
                    lines.append(x == 0 ? "" : ",").append('"').append(axes[x]).append("\":").append(unit(random, 25));
                }
                lines.append("}}");
            }
            lines.append("],\"policy\":{\"tauHard\":").append(unit(random, 0)).append(",\"tauSoft\":1,")
                    .append("\"weights\":{\"a0\":").append(number(random)).append("}},\"conflictPenalty\":")
                    .append(unit(random, 0)).append(",\"coverageBonus\":").append(unit(random, 0)).append("}}\n");
        }
        assertEveryAnswerReadsBack(lines.toString(), seed);
    }

    @Test
    void ordinaryEstimatesAreNeverRefused() {
        String line = "{\"op\":\"pert\",\"input\":{\"unit\":\"hours\",\"steps\":[{\"step\":\"a\",\"o\":0.5,\"m\":"
                + "9".repeat(40) + ",\"p\":" + "9".repeat(80) + "},{\"step\":\"b\",\"o\":1e-20,\"m\":1e-20,\"p\":1}]}}";

        assertThat(RUNNER.answer(line)).startsWith("{\"unit\":\"hours\"");
    }

    @Test
    void anEstimateThatCannotBeWrittenIsRefusedNamingTheField() {
        String line = "{\"op\":\"pert\",\"input\":{\"unit\":\"hours\",\"steps\":[{\"step\":\"a\",\"o\":0,\"m\":1,"
                + "\"p\":1e999}]}}";

        Map<String, Object> error = error(RUNNER.answer(line));

        assertThat(error).containsEntry("code", "invalid_input");
        assertThat((String) error.get("message")).contains("/steps/0").hasSizeLessThan(400);
    }

    private static String number(Random random) {
        return random.nextInt(3) == 0 ? String.valueOf(random.nextInt(1000)) : EXTREMES.get(random.nextInt(EXTREMES.size()));
    }

    /** A number from 0 to {@code max} (0: to 1), often with as many decimals as the codec allows. */
    private static String unit(Random random, int max) {
        return switch (random.nextInt(5)) {
            case 0 -> "1e-999";
            case 1 -> "0." + "0".repeat(random.nextInt(99)) + "1";
            case 2 -> "0." + "3".repeat(99);
            case 3 -> max == 0 ? "1" : String.valueOf(max);
            default -> "0." + random.nextInt(1000);
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> error(String answer) {
        return (Map<String, Object>) CODEC.parseObject(answer).get("error");
    }

    private static void assertEveryAnswerReadsBack(String input, long seed) {
        StringWriter out = new StringWriter();
        RUNNER.run(new StringReader(input), out);
        String[] answers = out.toString().split("\n");
        String[] questions = input.split("\n");
        assertThat(answers).as("seed %d", seed).hasSameSizeAs(questions);
        for (int i = 0; i < answers.length; i++) {
            Map<String, Object> answer;
            try {
                answer = CODEC.parseObject(answers[i]);
            } catch (RuntimeException e) {
                fail("seed %d: the answer to %s does not read back: %s", seed, questions[i], e.getMessage());
                return;
            }
            if (answer.containsKey("error")) {
                assertThat(error(answers[i])).as("seed %d, %s", seed, questions[i])
                        .containsEntry("code", "invalid_input");
                assertThat((String) error(answers[i]).get("message")).as("seed %d", seed).startsWith("/");
            }
        }
    }
}

package dev.keel.reading;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.keel.core.Decision;
import dev.keel.policy.PolicyValidationException;
import dev.keel.policy.QualitativeRestriction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Restrictions are compiled once for equal restrictions, and the compiled patterns serve every filter and thread. */
class CompiledRestrictionsTest {

    private static List<QualitativeRestriction> restrictions() {
        return List.of(new QualitativeRestriction("unit_ids", "no unit-level IDs",
                List.of("\\b[A-Z]{2,4}-\\d{2,4}[A-Z]?\\b"), "[unit]"));
    }

    @Test
    void equalRestrictionsShareOneCompiledList() {
        List<RedactingOutboundFilter.RestrictionPattern> first = RedactingOutboundFilter.compiled(restrictions());
        List<RedactingOutboundFilter.RestrictionPattern> second = RedactingOutboundFilter.compiled(
                new ArrayList<>(restrictions()));
        assertThat(second).isSameAs(first);
        assertThat(RedactingOutboundFilter.compiled(List.of(new QualitativeRestriction("unit_ids", "no unit-level IDs",
                List.of("\\b[A-Z]{2,4}-\\d{2,5}\\b"), "[unit]")))).isNotSameAs(first);
    }

    @Test
    void anInvalidRestrictionFailsEveryTime() {
        List<QualitativeRestriction> invalid = List.of(new QualitativeRestriction("bad", null, List.of("(unclosed"),
                "[x]"));
        for (int i = 0; i < 2; i++) {
            assertThatThrownBy(() -> StreamingFilter.builder(Decision.ALLOW).restrictions(invalid).open())
                    .isInstanceOf(PolicyValidationException.class);
        }
    }

    @Test
    void streamsOpenedOnManyThreadsAtOnceFilterAsOne() throws Exception {
        String text = "the crew of AB-123 keeps XYZ-9876Q above the threshold ".repeat(40);
        String expected = OutboundFilter.create(restrictions()).apply(Decision.ALLOW, text).text();
        StreamingFilter.Builder builder = StreamingFilter.builder(Decision.ALLOW).restrictions(restrictions())
                .windowChars(32);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                StreamingFilter stream = builder.open();
                results.add(threads.submit(() -> {
                    StringBuilder out = new StringBuilder();
                    for (int at = 0; at < text.length(); at += 7) {
                        out.append(stream.accept(text.substring(at, Math.min(text.length(), at + 7))));
                    }
                    return out.append(stream.finish()).toString();
                }));
            }
            for (Future<String> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(expected).doesNotContain("AB-123");
            }
        } finally {
            threads.shutdownNow();
        }
    }
}

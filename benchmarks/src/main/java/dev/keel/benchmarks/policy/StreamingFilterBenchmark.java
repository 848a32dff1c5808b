package dev.keel.benchmarks.policy;

import dev.keel.core.Decision;
import dev.keel.examples.marp.MarpData;
import dev.keel.policy.PolicyDocument;
import dev.keel.reading.FilteredText;
import dev.keel.reading.OutboundFilter;
import dev.keel.reading.StreamingFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The streaming filter on the 2 KB MARP answer of {@link OutboundFilterBenchmark#ANSWER} arriving in 5-character
 * chunks, under PARTIAL, beside the whole-text filter on the same answer in the same run: with the MARP policy's
 * restrictions (whose patterns match unboundedly long text, so the stream is held and filtered whole at its end),
 * and without restrictions (the window rule at work: the held text filtered again at each look for a cut).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class StreamingFilterBenchmark {

    static final int CHUNK_CHARS = 5;

    PolicyDocument policy;
    OutboundFilter marp;
    OutboundFilter withoutRestrictions;
    List<String> chunks;

    @Setup
    public void setUp() {
        policy = MarpData.policy();
        marp = OutboundFilter.create(policy);
        withoutRestrictions = OutboundFilter.withoutRestrictions();
        String answer = OutboundFilterBenchmark.ANSWER;
        chunks = new ArrayList<>();
        for (int at = 0; at < answer.length(); at += CHUNK_CHARS) {
            chunks.add(answer.substring(at, Math.min(answer.length(), at + CHUNK_CHARS)));
        }
        check(StreamingFilter.builder(Decision.PARTIAL).policy(policy), marp);
        check(StreamingFilter.builder(Decision.PARTIAL), withoutRestrictions);
    }

    /** What is measured is what it claims: the stream's output is the whole-text filter's. */
    private void check(StreamingFilter.Builder stream, OutboundFilter whole) {
        String expected = whole.apply(Decision.PARTIAL, OutboundFilterBenchmark.ANSWER).text();
        if (!streamed(stream.open()).equals(expected)) {
            throw new IllegalStateException("the streamed output differs from the whole-text filter's");
        }
    }

    private String streamed(StreamingFilter stream) {
        StringBuilder out = new StringBuilder();
        for (String chunk : chunks) {
            out.append(stream.accept(chunk));
        }
        return out.append(stream.finish()).toString();
    }

    /** PARTIAL and the MARP restrictions on the whole answer at once. */
    @Benchmark
    public FilteredText wholeText() {
        return marp.apply(Decision.PARTIAL, OutboundFilterBenchmark.ANSWER);
    }

    /** The same, the answer streamed in 5-character chunks. */
    @Benchmark
    public String streamed() {
        return streamed(StreamingFilter.builder(Decision.PARTIAL).policy(policy).open());
    }

    /** PARTIAL alone on the whole answer at once. */
    @Benchmark
    public FilteredText wholeTextWithoutRestrictions() {
        return withoutRestrictions.apply(Decision.PARTIAL, OutboundFilterBenchmark.ANSWER);
    }

    /** PARTIAL alone, the answer streamed in 5-character chunks with the default window. */
    @Benchmark
    public String streamedWithoutRestrictions() {
        return streamed(StreamingFilter.builder(Decision.PARTIAL).open());
    }
}

package dev.keel.benchmarks.pipeline;

import dev.keel.benchmarks.pipeline.GovernedCalls.IterationAuditSink;
import dev.keel.core.Principal;
import dev.keel.core.content.Part;
import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatRole;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.GovernedRequest;
import dev.keel.pipeline.Pipeline;
import dev.keel.pipeline.SingleCallReasoning;
import dev.keel.pipeline.TurnOutcome;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The twentieth turn of a conversation, governed: the nineteen earlier turns (the MARP question and the 2 KB answer,
 * each) as the history, then the question again, all of it read by governance and sent to an external backend
 * part by part through the egress filter. Once with the history as the answers labelled it (what a host's memory
 * keeps: the answers as Markdown parts), once with the same turns as unlabelled text (a memory that keeps strings),
 * once unlabelled with the answers as Markdown parts (the labels' cost apart from reading Markdown). The first turn
 * alone, with no history, is the floor.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ConversationBenchmark {

    static final int TURNS = 20;

    private final IterationAuditSink audit = new IterationAuditSink();
    private Pipeline pipeline;
    private GovernedRequest labelled;
    private GovernedRequest plain;
    private GovernedRequest plainMarkdown;
    private GovernedRequest first;

    @Setup(Level.Trial)
    public void setUp() {
        pipeline = conversationPipeline();
        Principal planner = Principal.of("planner", "secret");
        List<ChatMessage> memory = new ArrayList<>();
        List<ChatMessage> strings = new ArrayList<>();
        List<ChatMessage> unlabelledMarkdown = new ArrayList<>();
        for (int turn = 1; turn < TURNS; turn++) {
            GovernedAnswer answer = pipeline.call(GovernedRequest.builder().principal(planner).history(memory)
                    .message(GovernedCalls.MESSAGE).build());
            check(answer, turn);
            memory.add(answer.userMessage());
            memory.add(answer.answerMessage());
            strings.add(ChatMessage.user(answer.userMessage().text()));
            strings.add(ChatMessage.assistant(answer.text()));
            unlabelledMarkdown.add(ChatMessage.user(answer.userMessage().text()));
            unlabelledMarkdown.add(ChatMessage.of(ChatRole.ASSISTANT, Part.markdown(answer.text())));
        }
        first = GovernedCalls.PLANNER;
        labelled = GovernedRequest.builder().principal(planner).history(memory).message(GovernedCalls.MESSAGE).build();
        plain = GovernedRequest.builder().principal(planner).history(strings).message(GovernedCalls.MESSAGE).build();
        check(pipeline.call(labelled), TURNS);
        plainMarkdown = GovernedRequest.builder().principal(planner).history(unlabelledMarkdown)
                .message(GovernedCalls.MESSAGE).build();
        check(pipeline.call(plain), TURNS);
        check(pipeline.call(plainMarkdown), TURNS);
    }

    /** The MARP pipeline of {@link GovernedCalls}, sending the whole conversation as the turn may send it. */
    private Pipeline conversationPipeline() {
        return GovernedCalls.pipelineBuilder(GovernedCalls.policy(1, 1), UnaryOperator.identity(), List.of(), audit)
                .reasoning(SingleCallReasoning.userMessage()).build();
    }

    /** Every turn measured is answered by an external backend with the whole history in its prompt. */
    private static void check(GovernedAnswer answer, int turn) {
        if (answer.outcome() != TurnOutcome.ANSWERED || answer.calls().size() != 1
                || !answer.calls().get(0).external()) {
            throw new IllegalStateException("turn " + turn + " must be answered outside: " + answer.calls());
        }
    }

    @Setup(Level.Iteration)
    public void renewAudit() {
        audit.renew();
    }

    @Benchmark
    public GovernedAnswer firstTurn() {
        return pipeline.call(first);
    }

    @Benchmark
    public GovernedAnswer twentiethTurnLabelled() {
        return pipeline.call(labelled);
    }

    @Benchmark
    public GovernedAnswer twentiethTurnPlainText() {
        return pipeline.call(plain);
    }

    /** The same turns unlabelled, the answers as Markdown as the labelled ones are: labels apart from reading. */
    @Benchmark
    public GovernedAnswer twentiethTurnPlainMarkdown() {
        return pipeline.call(plainMarkdown);
    }
}

package dev.keel.benchmarks.adapters;

import dev.keel.core.spi.ChatMessage;
import dev.keel.core.spi.ChatReply;
import dev.keel.core.spi.ChatRequest;
import dev.keel.core.spi.LlmBackend;
import dev.keel.langchain4j.ChatModelBackend;
import dev.keel.models.BudgetGuard;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.models.RetryPolicy;
import dev.keel.models.structured.OutputValidator;
import dev.keel.models.structured.OutputViolation;
import dev.keel.models.structured.StructuredOutput;
import dev.keel.models.structured.StructuredResult;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Keel's per-call overhead over langchain4j. Every benchmark calls the same in-process {@link ChatModel}, which
 * answers at once with a prebuilt JSON reply and its token usage, so what is measured is the code around it:
 *
 * <ul>
 *   <li>{@code raw}: {@code chatModel.chat(request)} with a prebuilt langchain4j request (the peer);</li>
 *   <li>{@code keelBackend}: {@link ChatModelBackend#chat}: Keel request to langchain4j request, reply back;</li>
 *   <li>{@code keelGuarded}: the same under {@link RetryPolicy} and {@link BudgetGuard} (estimate, reserve,
 *       account);</li>
 *   <li>{@code keelStructured}: the same through {@link StructuredOutput} (JSON instruction, strict parse,
 *       contract validation): everything a governed structured call adds.</li>
 * </ul>
 *
 * <p>A budget guard caps one unit of work, so the guarded benchmarks create their guard per call, as a host does
 * per request; its cap is large enough never to refuse.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AdapterOverheadBenchmark {

    private static final String REPLY_JSON = "{\"summary\": \"Calendar A keeps capability above the threshold; Calendar B"
            + " concentrates dock work in weeks 4-5.\", \"confidence\": 0.8, \"bottlenecks\": [\"dock\", \"crew\"]}";

    private static final BigDecimal CAP = new BigDecimal("1000");

    private static final OutputValidator CONTRACT = output -> {
        List<OutputViolation> violations = new ArrayList<>(2);
        if (!(output.get("summary") instanceof String)) {
            violations.add(new OutputViolation("missing_field", "/summary", "summary must be a string"));
        }
        Object confidence = output.get("confidence");
        if (!(confidence instanceof BigDecimal) || ((BigDecimal) confidence).compareTo(BigDecimal.ONE) > 0) {
            violations.add(new OutputViolation("out_of_range", "/confidence", "confidence must be in [0, 1]"));
        }
        if (!(output.get("bottlenecks") instanceof List)) {
            violations.add(new OutputViolation("missing_field", "/bottlenecks", "bottlenecks must be an array"));
        }
        return violations;
    };

    /** Answers at once; the response is prebuilt so that the model itself costs next to nothing. */
    static final class InstantChatModel implements ChatModel {
        private final ChatResponse response = ChatResponse.builder()
                .aiMessage(AiMessage.from(REPLY_JSON))
                .tokenUsage(new TokenUsage(412, 38))
                .finishReason(FinishReason.STOP)
                .modelName("instant-model")
                .build();
        private final ChatRequestParameters parameters = ChatRequestParameters.builder().modelName("instant-model").build();

        @Override
        public ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
            return response;
        }

        @Override
        public ChatRequestParameters defaultRequestParameters() {
            return parameters;
        }
    }

    private ChatModel chatModel;
    private dev.langchain4j.model.chat.request.ChatRequest rawRequest;
    private ChatRequest keelRequest;
    private ChatModelBackend backend;
    private LlmBackend retrying;
    private PriceTable prices;

    @Setup
    public void setUp() {
        chatModel = new InstantChatModel();
        String system = "You compare transition calendars. Reply with JSON.";
        String user = "Compare Transition Calendar A and Transition Calendar B for the MARP fleet transition.";
        rawRequest = dev.langchain4j.model.chat.request.ChatRequest.builder()
                .messages(SystemMessage.from(system), UserMessage.from(user))
                .responseFormat(dev.langchain4j.model.chat.request.ResponseFormat.JSON)
                .maxOutputTokens(300)
                .build();
        keelRequest = ChatRequest.builder()
                .addMessage(ChatMessage.system(system))
                .addMessage(ChatMessage.user(user))
                .responseFormat(dev.keel.core.spi.ResponseFormat.JSON)
                .maxOutputTokens(300)
                .build();
        backend = ChatModelBackend.builder("llama", chatModel).build();
        retrying = RetryPolicy.DEFAULT.wrap(backend, duration -> { });
        prices = PriceTable.of(Map.of("instant-model", ModelPrice.of("3", "15")));
    }

    private LlmBackend guarded() {
        return BudgetGuard.create(CAP, prices).guard(retrying, "instant-model");
    }

    @Benchmark
    public String raw() {
        return chatModel.chat(rawRequest).aiMessage().text();
    }

    @Benchmark
    public ChatReply keelBackend() {
        return backend.chat(keelRequest);
    }

    @Benchmark
    public ChatReply keelGuarded() {
        return guarded().chat(keelRequest);
    }

    @Benchmark
    public StructuredResult keelStructured() {
        StructuredResult result = StructuredOutput.create(guarded(), CONTRACT).call(keelRequest);
        if (!result.valid()) {
            throw new IllegalStateException("the benchmark reply must satisfy its contract: " + result.violations());
        }
        return result;
    }
}

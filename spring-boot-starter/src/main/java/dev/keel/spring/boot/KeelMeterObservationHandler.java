package dev.keel.spring.boot;

import dev.keel.core.spi.TokenUsage;
import dev.keel.models.ModelPrice;
import dev.keel.models.PriceTable;
import dev.keel.pipeline.BackendCall;
import dev.keel.pipeline.GovernedAnswer;
import dev.keel.pipeline.observation.GovernedCallContext;
import dev.keel.pipeline.observation.ModelCallContext;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.Objects;
import java.util.Optional;

/**
 * The meters a Micrometer timer cannot give, read from the pipeline's observation contexts when they stop:
 *
 * <ul>
 *   <li>{@code keel.reason.codes} (count), by {@code keel.reason_code} and {@code keel.decision}: one per reason code
 *       of each answered call;</li>
 *   <li>{@code keel.withheld.items} (count), by {@code keel.withheld.kind} and {@code keel.withheld.where}
 *       ({@code answer}: the outbound filter; {@code egress}: the prompts sent outside);</li>
 *   <li>{@code keel.model.tokens} (count), by {@code keel.backend}, {@code keel.model} and
 *       {@code keel.token.direction} ({@code input}, {@code output});</li>
 *   <li>{@code keel.model.cost} (US dollars), by {@code keel.backend} and {@code keel.model}, for models with a
 *       price.</li>
 * </ul>
 *
 * The calls themselves (by decision and outcome), each step's latency and the model calls by backend are the
 * timers {@code keel.call}, {@code keel.step} and {@code keel.model.call}, which the host's default meter handler
 * makes. See {@code docs/observability.md}. Thread-safe.
 */
public final class KeelMeterObservationHandler implements ObservationHandler<Observation.Context> {

    private final MeterRegistry meters;
    private final PriceTable prices;

    public KeelMeterObservationHandler(MeterRegistry meters, PriceTable prices) {
        this.meters = Objects.requireNonNull(meters, "meters");
        this.prices = Objects.requireNonNull(prices, "prices");
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
        return context instanceof GovernedCallContext || context instanceof ModelCallContext;
    }

    @Override
    public void onStop(Observation.Context context) {
        if (context instanceof GovernedCallContext) {
            ((GovernedCallContext) context).answer().ifPresent(this::countAnswer);
        } else if (context instanceof ModelCallContext) {
            countModelCall((ModelCallContext) context);
        }
    }

    private void countAnswer(GovernedAnswer answer) {
        String decision = answer.decision().wireName();
        answer.provenance().reasonCodes().values().forEach(code -> Counter.builder("keel.reason.codes")
                .description("Reason codes of governed calls").tag("keel.reason_code", code)
                .tag("keel.decision", decision).register(meters).increment());
        answer.withheldCounts().forEach((kind, count) -> withheld(kind, "answer", count));
        for (BackendCall call : answer.calls()) {
            call.withheld().forEach((kind, count) -> withheld(kind, "egress", count));
        }
    }

    private void withheld(String kind, String where, int count) {
        Counter.builder("keel.withheld.items").description("Pieces the filters withheld, by kind")
                .tag("keel.withheld.kind", kind).tag("keel.withheld.where", where).register(meters).increment(count);
    }

    private void countModelCall(ModelCallContext context) {
        Optional<TokenUsage> usage = context.usage();
        if (usage.isEmpty()) {
            return;
        }
        String model = context.model().orElse("unknown");
        tokens(context.backend(), model, "input", usage.get().inputTokens());
        tokens(context.backend(), model, "output", usage.get().outputTokens());
        Optional<ModelPrice> price = prices.priceOf(model);
        if (price.isPresent()) {
            Counter.builder("keel.model.cost").description("What model calls cost").baseUnit("usd")
                    .tag("keel.backend", context.backend()).tag("keel.model", model).register(meters)
                    .increment(price.get().cost(usage.get()).doubleValue());
        }
    }

    private void tokens(String backend, String model, String direction, long count) {
        Counter.builder("keel.model.tokens").description("Tokens model calls took, as the backends reported")
                .baseUnit("tokens").tag("keel.backend", backend).tag("keel.model", model)
                .tag("keel.token.direction", direction).register(meters).increment(count);
    }
}

package dev.keel.benchmarks.evidence;

import dev.keel.evidence.DiscoveryEvidence;
import dev.keel.evidence.DiscoveryPlan;
import dev.keel.evidence.DiscoveryPlanBuilder;
import dev.keel.evidence.DiscoveryPlanInput;
import dev.keel.evidence.EvidenceGate;
import dev.keel.evidence.EvidenceGateInput;
import dev.keel.evidence.ProbeResult;
import dev.keel.evidence.ProbeStatus;
import dev.keel.evidence.TurnMeaning;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * One governed discovery turn: build the plan from a model's proposal, then gate three probe results. Target: under
 * 2 us median. SampleTime gives the median; AverageTime is reported too because single samples this short sit near
 * the timer's granularity.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.SampleTime, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class DiscoveryBenchmark {

    private final DiscoveryPlanBuilder builder = DiscoveryPlanBuilder.create();
    private final EvidenceGate gate = EvidenceGate.create();
    private final DiscoveryPlanInput planInput = DiscoveryPlanInput.builder()
            .semanticDataNeed("open invoices by counterparty for Q3")
            .turnMeaning(TurnMeaning.builder().askedDomainFamily("settlements").askedActionFamily("list")
                    .explicitEntityCandidates(List.of("Romashka LLC")).explicitDateScope("2024-Q3").meaningConfidence(0.82).build())
            .proposedPrimitives("search_business_entity", "query_movements", "aggregate_by_axis", "raw_sql")
            .requiredAxes(List.of("counterparty", "period"))
            .maxProbeCount(5.0).maxRowsPerProbe(200.0)
            .build();
    private final List<ProbeResult> probes = List.of(
            ProbeResult.builder().primitiveId("search_business_entity").status(ProbeStatus.OK).rowsReceived(3.0).rowsMatched(1.0).build(),
            ProbeResult.builder().primitiveId("query_movements").status(ProbeStatus.OK).rowsReceived(120.0).rowsMatched(14.0)
                    .limitation("capped at 200 rows").build(),
            ProbeResult.builder().primitiveId("aggregate_by_axis").status(ProbeStatus.OK).rowsReceived(6.0).rowsMatched(6.0).build());

    @Benchmark
    public DiscoveryEvidence planAndGate() {
        DiscoveryPlan plan = builder.build(planInput);
        return gate.resolve(EvidenceGateInput.builder(plan).probeResults(probes)
                .confirmedFacts(List.of("6 open invoices", "total 1 240 000"))
                .sourceRowsSummary("14 rows of register 60, Q3 2024").build());
    }
}
